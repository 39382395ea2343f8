import { getSession } from '../../shared/data/auth/api.ts';
import { pendingIncomingCount } from '../../shared/data/incoming/api.ts';
import type { SaveLinkResult } from '../../shared/data/links/api.ts';
import type { PreviewHints } from '../../shared/data/links/preview.ts';
import type { LinkInput } from '../../shared/schemas/link.ts';
import { getDataClient } from './client.ts';
import { saveLinkInput } from './quick-save.ts';
import type { StorageArea } from './storage-area.ts';
import { readStoredUser } from './stored-session.ts';

/** What the background needs from the server (injected, so unit tests run without one). */
export interface VaultApi {
  /** The signed-in user's id from the stored session; null when signed out. */
  currentUserId(): Promise<string | null>;
  save(input: LinkInput, hints?: PreviewHints): Promise<SaveLinkResult>;
  /** Pending incoming shares; null when signed out (or the session could not be renewed). */
  pendingCount(): Promise<number | null>;
}

/** The real API: shared/data over the extension's supabase-js client. */
export function createVaultApi(area: StorageArea): VaultApi {
  return {
    async currentUserId() {
      return (await readStoredUser(area))?.userId ?? null;
    },
    async save(input, hints) {
      return saveLinkInput(await getDataClient(area), input, hints);
    },
    async pendingCount() {
      if (!(await readStoredUser(area))) return null;
      const client = await getDataClient(area);
      // Renews an expired access token here in the worker (refresh token grant) before asking.
      if (!(await getSession(client))) return null;
      return pendingIncomingCount(client);
    },
  };
}
