import type { StudioImageKind } from '~shared/data/studio/api.ts';
import type { DraftErrors, StudioDraft } from './studio-draft.ts';

/** What every studio tab gets: the draft, a patch function and the last save's validation errors. */
export interface TabProps {
  draft: StudioDraft;
  /** A patch, or a function of the latest draft (uploads finish after other edits). */
  update: (patch: Partial<StudioDraft> | ((draft: StudioDraft) => Partial<StudioDraft>)) => void;
  errors: DraftErrors;
  /** Records an upload, so one replaced before saving is removed too. */
  track: (kind: StudioImageKind, pathOrUrl: string) => void;
}
