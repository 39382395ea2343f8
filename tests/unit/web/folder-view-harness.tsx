import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createMemoryStorage, createSupabaseClient } from '../../../shared/data/client.ts';
import { FOLDER_LINK_COLUMNS, type FolderLinkItem } from '../../../shared/data/links/api.ts';
import { DataClientProvider } from '../../../shared/data/provider.tsx';

/** Folder links as list_folder_links sends them: each link's values in FOLDER_LINK_COLUMNS order. */
export const folderLinkValues = (links: readonly FolderLinkItem[]) =>
  links.map((link) => FOLDER_LINK_COLUMNS.split(',').map((column) => link[column as keyof FolderLinkItem]));

export const jsonResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * Renders a folder view (passed in, so a test may wrap its parts in mocks first) against a real
 * supabase-js client whose requests `answer` handles: the REST path and the request's init.
 */
export function renderFolderView(
  FolderView: ComponentType<{ userId: string; folderId: string }>,
  ids: { userId: string; folderId: string },
  answer: (path: string, init: RequestInit | undefined) => Promise<Response>,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createSupabaseClient({
    url: 'http://127.0.0.1:9',
    anonKey: 'anon',
    storage: createMemoryStorage(),
    fetch: (input, init) =>
      answer(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname, init),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <DataClientProvider client={client}>
        <MemoryRouter>
          <FolderView userId={ids.userId} folderId={ids.folderId} />
        </MemoryRouter>
      </DataClientProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}
