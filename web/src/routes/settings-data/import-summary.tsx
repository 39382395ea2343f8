import type { ImportResult } from '~shared/data/import-export/api.ts';
import type { ImportPlan } from '~shared/rules/bookmark-import.ts';
import { Button } from '~shared/ui/Button.tsx';
import { formatCount } from '~shared/rules/text.ts';

const n = formatCount;
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;
/** How many invalid entries are listed on the page (all of them are in the download). */
const LISTED = 100;

/** The final summary: what was imported, duplicates, invalid entries (listed and downloadable). */
export function ImportSummary({
  plan,
  result,
  onDownloadInvalid,
}: {
  plan: ImportPlan;
  result: ImportResult;
  onDownloadInvalid: () => void;
}) {
  const duplicates = plan.duplicates + result.skippedByServer;
  const heading = result.status === 'done' ? 'Import complete' : result.status === 'cancelled' ? 'Import cancelled' : 'Import stopped';
  return (
    <div data-testid="import-summary" className="space-y-3">
      <h3 className="text-base font-semibold">{heading}</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li data-testid="summary-imported">
          {plural(result.inserted, 'link', 'links')} imported into {plural(result.foldersUsed, 'folder', 'folders')}
          {result.foldersCreated > 0 ? ` (${plural(result.foldersCreated, 'new folder', 'new folders')} created)` : ''}
        </li>
        <li data-testid="summary-duplicates">{plural(duplicates, 'duplicate', 'duplicates')} skipped</li>
        <li data-testid="summary-invalid">{plural(plan.invalid.length, 'invalid entry', 'invalid entries')}</li>
      </ul>
      {result.status === 'cancelled' ? (
        <p className="text-sm text-muted-foreground" role="status">
          You cancelled with {plural(result.notSent, 'link', 'links')} not yet imported. Import the same file again to continue: what is
          already saved is skipped.
        </p>
      ) : null}
      {result.status === 'failed' ? (
        <p className="text-sm text-destructive" role="alert">
          The import stopped: {result.error?.message ?? 'unknown error'}. {plural(result.notSent, 'link was', 'links were')} not imported.
          Import the same file again to resume: what is already saved is skipped.
        </p>
      ) : null}
      {plan.invalid.length > 0 ? (
        <div className="space-y-2">
          <ul className="max-h-64 space-y-1 overflow-auto rounded-lg border border-border p-3 text-xs" data-testid="invalid-list">
            {plan.invalid.slice(0, LISTED).map((entry, index) => (
              <li key={index} className="break-all">
                <span className="font-medium">{entry.title || '(no title)'}</span>
                {entry.url ? <span className="text-muted-foreground"> · {entry.url}</span> : null}
                <span className="text-destructive"> · {entry.reason}</span>
              </li>
            ))}
            {plan.invalid.length > LISTED ? (
              <li className="text-muted-foreground">…and {n(plan.invalid.length - LISTED)} more in the download.</li>
            ) : null}
          </ul>
          <Button variant="outline" size="sm" onClick={onDownloadInvalid}>
            Download invalid entries (CSV)
          </Button>
        </div>
      ) : null}
    </div>
  );
}
