// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage, createSupabaseClient } from '../../../shared/data/client.ts';
import { DataClientProvider } from '../../../shared/data/provider.tsx';
import { ToasterHost } from '../../../shared/ui/toaster-host.tsx';
import { PasswordResetCard } from '../../../web/src/routes/settings/privacy-page.tsx';

/**
 * Part 2 §8: /settings/privacy's reset button for a session without an e-mail
 * (a phone or provider-only account; the local stack cannot create one, so this is a component
 * test): 'No email found' - 'Please re-login', and no request goes out.
 */

afterEach(cleanup);

function renderCard(email: string | undefined) {
  const requests: string[] = [];
  const client = createSupabaseClient({
    url: 'http://127.0.0.1:9',
    anonKey: 'anon',
    storage: createMemoryStorage(),
    fetch: (input) => {
      requests.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return Promise.resolve(new Response('{}', { status: 500 }));
    },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <DataClientProvider client={client}>
        <PasswordResetCard email={email} />
        <ToasterHost theme="dark" />
      </DataClientProvider>
    </QueryClientProvider>,
  );
  return requests;
}

describe('password reset e-mail without an e-mail address', () => {
  it("shows 'No email found' - 'Please re-login' and sends nothing", async () => {
    const requests = renderCard(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Send password reset email' }));
    expect(await screen.findByText('No email found')).toBeTruthy();
    expect(await screen.findByText('Please re-login')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("with an e-mail the request goes out, and its failure says 'Reset failed'", async () => {
    const requests = renderCard('someone@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send password reset email' }));
    await expect.poll(() => requests.some((url) => url.includes('/auth/v1/recover'))).toBe(true);
    expect(await screen.findByText('Reset failed')).toBeTruthy();
  });
});
