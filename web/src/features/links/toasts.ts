import { LINK_UPDATED_TITLE, linkAddedMessage, linkUpdatedExisting } from '~shared/messages.ts';
import type { SaveLinkOutcome } from '~shared/data/links/api.ts';

type Toast = { title: string; description: string };

/** Success toasts of the link features (part 1 §8: "Link added / updated / deleted"). */
export function linkSavedToast(outcome: SaveLinkOutcome, title: string): Toast {
  if (outcome === 'updated_existing') return linkUpdatedExisting(title) as Toast;
  if (outcome === 'updated') return { title: LINK_UPDATED_TITLE, description: `"${title}" has been updated.` };
  return linkAddedMessage(title);
}

export const linkDeletedToast = (title: string): Toast => ({ title: 'Link deleted', description: `"${title}" has been deleted.` });
