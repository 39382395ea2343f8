import type { ImportProgress } from '~shared/data/import-export/api.ts';
import { IMPORT_PAUSED_MESSAGE } from '~shared/rules/link-limits.ts';
import { formatCount } from '~shared/rules/text.ts';

const n = formatCount;

/** The progress bar with counts: reading the file, creating folders, then links. */
export function ImportProgressBar({ state }: { state: { reading: number } | { progress: ImportProgress } }) {
  let value: number;
  let max: number;
  let label: string;
  if ('reading' in state) {
    value = Math.round(state.reading * 100);
    max = 100;
    label = `Reading the file… ${value}%`;
  } else if (state.progress.phase === 'folders') {
    value = state.progress.foldersDone;
    max = state.progress.foldersTotal;
    label = `Creating folders: ${n(value)} of ${n(max)}`;
  } else {
    value = state.progress.done;
    max = state.progress.total;
    label = `Importing links: ${n(value)} of ${n(max)} (${n(state.progress.inserted)} new)`;
    if (state.progress.paused) label = `${label}. ${IMPORT_PAUSED_MESSAGE}`;
  }
  const percent = max > 0 ? Math.min(100, (value / max) * 100) : 0;
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={label}
        data-testid="import-progress"
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-muted-foreground" aria-live="polite" data-testid="import-progress-label">
        {label}
      </p>
    </div>
  );
}
