import { useMemo } from 'react';
import type { LinkListItem } from '~shared/data/links/api.ts';
import { LinkCard } from '~shared/ui/LinkCard.tsx';
import { disabledMovesAt } from './grid-model.ts';
import type { LinkHandlers } from './link-handlers.ts';

interface LinkCardGridProps {
  /** The cards shown (at most 3). */
  links: readonly LinkListItem[];
  /** The folder's whole list (newest first): moves swap with neighbours in it. Omit to hide moving. */
  fullList?: readonly LinkListItem[];
  withinCategoryId?: string;
  columns: number;
  handlers: LinkHandlers;
}

/** A row of link cards (1 column on phones, 3 from 640 px), each with its menu and reorder buttons. */
export function LinkCardGrid({ links, fullList, withinCategoryId, columns, handlers }: LinkCardGridProps) {
  const positions = useMemo(() => {
    if (!fullList) return null;
    const index = new Map<string, number>();
    fullList.forEach((link, i) => index.set(link.id, i));
    return index;
  }, [fullList]);

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {/* While searching (no moving), keyed by slot: a keystroke that brings other links updates
          these cards in place (issue 11 'Scale'; LinkCard keeps its per-link state by link).
          Otherwise by link, so focus follows a link the keyboard moves. */}
      {links.map((link, slot) => {
        const position = positions?.get(link.id);
        const canMove = fullList && withinCategoryId && position !== undefined;
        return (
          <LinkCard
            key={fullList ? link.id : slot}
            link={link}
            editing={handlers.editingId === link.id}
            onOpen={handlers.onOpen}
            onShare={handlers.onShare}
            shareOff={handlers.shareOff}
            onEdit={handlers.onEdit}
            onDelete={handlers.onDelete}
            onMove={
              canMove
                ? (card, direction) => handlers.onMove({ items: fullList, id: card.id, direction, columns, withinCategoryId })
                : undefined
            }
            disabledMoves={canMove ? disabledMovesAt(position, fullList.length, columns) : undefined}
          />
        );
      })}
    </div>
  );
}
