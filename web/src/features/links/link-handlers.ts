import type { LinkListItem } from '~shared/data/links/api.ts';
import type { ReorderDirection } from '~shared/rules/reorder.ts';
import type { LinkCardLink, OpenMode } from '~shared/ui/link-card.tsx';

/** What a card can do; the dashboard page wires these to dialogs and the data layer. */
export interface LinkHandlers {
  onOpen: (link: LinkCardLink, mode: OpenMode) => void;
  onShare: (link: LinkCardLink) => void;
  /** Set while the user's sharing is off: cards grey out 'Share Link' with this reason. */
  shareOff?: string;
  onEdit: (link: LinkCardLink) => void;
  onDelete: (link: LinkCardLink) => void;
  onMove: (params: {
    items: readonly LinkListItem[];
    id: string;
    direction: ReorderDirection;
    columns: number;
    withinCategoryId: string;
  }) => void;
  /** The link in the Edit Link card (orange highlight). */
  editingId: string | null;
  /** A link's tags (features/tags/use-link-tags.ts). */
  tagsOf?: (linkId: string) => readonly string[] | undefined;
  /** A card's tag chip: search `tag:name`. */
  onTagClick?: (name: string) => void;
}
