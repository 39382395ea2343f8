import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { linkKeys } from '~shared/data/links/keys.ts';
import { moveLink, recordLinkOpen, type LinkListItem } from '~shared/data/links/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { linkMovedMessage } from '~shared/messages.ts';
import { applyCreatedAtUpdates, type ReorderDirection } from '~shared/rules/reorder.ts';
import type { LinkCardLink, OpenMode } from '~shared/ui/link-card.tsx';
import { REPLACING_TOASTS, showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { directionWord } from '../../lib/link-moves.ts';
import { openAfterCounting } from '../../lib/open-link.ts';
import { usePreferences } from '../../lib/use-preferences.ts';

/**
 * Opening and moving links. Both patch the cached list in place instead of re-reading it: a
 * 10,000-link list is ten pages, too much to fetch again for one changed count or two dates.
 */
export function useLinkActions(userId: string) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const openLinks = usePreferences().open_links;
  const patchList = useCallback(
    (patch: (links: LinkListItem[]) => LinkListItem[]) =>
      queryClient.setQueryData<LinkListItem[]>(linkKeys.list({ userId }), (links) => (links ? patch(links) : links)),
    [queryClient, userId],
  );

  const open = useCallback(
    (link: LinkCardLink, mode: OpenMode) =>
      openAfterCounting(
        link.url,
        mode,
        async () => {
          const count = await recordLinkOpen(client, link.id);
          if (typeof count === 'number') patchList((links) => links.map((l) => (l.id === link.id ? { ...l, access_count: count } : l)));
        },
        openLinks,
      ),
    [client, patchList, openLinks],
  );

  /** `items`: the full list the card is in (newest first); `withinCategoryId` bounds Beginning/End. */
  const move = useCallback(
    async (params: {
      items: readonly LinkListItem[];
      id: string;
      direction: ReorderDirection;
      columns: number;
      withinCategoryId: string;
    }) => {
      try {
        const rows = await moveLink(client, params);
        if (rows.length === 0) throw new Error('This link cannot move that way.');
        patchList((links) =>
          applyCreatedAtUpdates(
            links,
            rows.map((row) => ({ id: row.id, created_at: row.created_at })),
          ),
        );
        const message = linkMovedMessage(directionWord(params.direction));
        // Moving a card several places in a row shows one toast, not a pile.
        showSuccessToast(message.title, message.description, REPLACING_TOASTS.linkMove);
      } catch (error) {
        showErrorToast(
          params.direction === 'beginning' ? 'link.moveBeginning' : params.direction === 'end' ? 'link.moveEnd' : 'link.move',
          error,
        );
      }
    },
    [client, patchList],
  );

  return { open, move };
}
