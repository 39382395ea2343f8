import type { ImportResult } from '~shared/data/import-export/api.ts';
import type { ImportPlan } from '~shared/rules/bookmark-import.ts';
import { Button } from '~shared/ui/button.tsx';
import { LINK_QUOTA_CODE, LINK_QUOTA_MESSAGE } from '~shared/rules/link-limits.ts';
import { formatCount } from '~shared/rules/text.ts';
import { IMPORT_ICON_MAX_BYTES } from '~shared/rules/import-icons.ts';

const n = formatCount;
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;
const ICON_LIMIT_KB = Math.round(IMPORT_ICON_MAX_BYTES / 1024);
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
  // Folders created without links of their own (a parent of subfolders, an empty folder).
  const otherNewFolders = Math.max(result.foldersCreated - result.foldersUsedNew, 0);
  const heading = result.status === 'done' ? 'Import complete' : result.status === 'cancelled' ? 'Import cancelled' : 'Import stopped';
  return (
    <div data-testid="import-summary" className="space-y-3">
      <h3 className="text-base font-semibold">{heading}</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li data-testid="summary-imported">
          {plural(result.inserted, 'link', 'links')} imported into {plural(result.foldersUsed, 'folder', 'folders')}
          {result.foldersUsed > 0 ? `: ${n(result.foldersUsedNew)} new, ${n(result.foldersUsedExisting)} existing` : ''}
        </li>
        {otherNewFolders > 0 ? (
          <li data-testid="summary-other-folders">
            {plural(otherNewFolders, 'more new folder holds', 'more new folders hold')} only subfolders (or nothing)
          </li>
        ) : null}
        {plan.icons.length > 0 ? (
          <li data-testid="summary-icons">
            {plural(result.iconsStored, 'site icon', 'site icons')} kept
            {result.iconsDropped > 0 ? ` (${n(result.iconsDropped)} not kept: only PNG, JPEG or GIF up to ${ICON_LIMIT_KB} KB)` : ''}
          </li>
        ) : null}
        {result.tagged + result.tagFailures > 0 ? (
          <li data-testid="summary-tags">
            {plural(result.tagged, 'link', 'links')} tagged
            {result.tagFailures > 0 ? ` (${n(result.tagFailures)} kept without some tags: at most 30 a link and 2,000 an account)` : ''}
          </li>
        ) : null}
        <li data-testid="summary-duplicates">{plural(duplicates, 'duplicate', 'duplicates')} skipped</li>
        <li data-testid="summary-invalid">{plural(plan.invalid.length, 'invalid entry', 'invalid entries')}</li>
      </ul>
      {result.status === 'cancelled' ? (
        <p className="text-sm text-muted-foreground" role="status">
          You cancelled with {plural(result.notSent, 'link', 'links')} not yet imported. Import the same file again to continue: what is
          already saved is skipped.
        </p>
      ) : null}
      {result.status === 'failed' && result.error?.code === LINK_QUOTA_CODE ? (
        <p className="text-sm text-destructive" role="alert" data-testid="summary-quota">
          {LINK_QUOTA_MESSAGE} {plural(result.overQuota + result.notSent, 'link was', 'links were')} not imported.
        </p>
      ) : result.status === 'failed' ? (
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
