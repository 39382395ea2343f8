import { getSession } from '~shared/data/auth/api.ts';
import { pendingIncomingCount } from '~shared/data/incoming/api.ts';
import { listLinks, type SaveLinkResult } from '~shared/data/links/api.ts';
import { listLinkTagPairs, listTags } from '~shared/data/tags/api.ts';
import type { PreviewHints } from '~shared/data/links/preview.ts';
import type { LinkInput } from '~shared/schemas/link.ts';
import { getDataClient } from './client.ts';
import type { CachedLink } from './link-cache.ts';
import { saveLinkInput, saveToDefaultFolder } from './quick-save.ts';
import { readStoredUser, type StorageArea } from './storage-area.ts';

/** What the background needs from the server (injected, so unit tests run without one). */
export interface VaultApi {
  /** The signed-in user's id from the stored session; null when signed out. */
  currentUserId(): Promise<string | null>;
  save(input: LinkInput, hints?: PreviewHints): Promise<SaveLinkResult>;
  /** Pending incoming shares; null when signed out (or the session could not be renewed). */
  pendingCount(): Promise<number | null>;
  /** Every link of `userId` with its tags, newest first, for the local cache. */
  listLinks(userId: string): Promise<CachedLink[]>;
}

/** The real API: shared/data over the extension's supabase-js client. */
export function createVaultApi(area: StorageArea): VaultApi {
  return {
    async currentUserId() {
      return (await readStoredUser(area))?.userId ?? null;
    },
    async save(input, hints) {
      const user = await readStoredUser(area);
      const client = await getDataClient(area);
      return user ? saveToDefaultFolder(client, user.userId, input, hints) : saveLinkInput(client, input, hints);
    },
    async pendingCount() {
      if (!(await readStoredUser(area))) return null;
      const client = await getDataClient(area);
      // Renews an expired access token here in the worker (refresh token grant) before asking.
      if (!(await getSession(client))) return null;
      return pendingIncomingCount(client);
    },
    async listLinks(userId) {
      const client = await getDataClient(area);
      const [links, tags, pairs] = await Promise.all([listLinks(client, userId), listTags(client), listLinkTagPairs(client, userId)]);
      const tagName = new Map(tags.map((tag) => [tag.id, tag.name]));
      const tagsOf = new Map<string, string[]>();
      for (const pair of pairs) {
        const name = tagName.get(pair.tag_id);
        if (!name) continue;
        const list = tagsOf.get(pair.link_id);
        if (list) list.push(name);
        else tagsOf.set(pair.link_id, [name]);
      }
      // Only what search, the omnibox and the saved state read: ~150 bytes a link in storage.
      return links.map(({ id, title, url, category_id, second_category_id, created_at }) => {
        const linkTags = tagsOf.get(id);
        return { id, title, url, category_id, second_category_id, created_at, ...(linkTags ? { tags: linkTags } : {}) };
      });
    },
  };
}
