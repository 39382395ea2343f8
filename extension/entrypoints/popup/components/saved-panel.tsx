import { BRAND_NAME } from '~shared/constants.ts';
import { LINK_ADDED_TITLE, LINK_UPDATED_TITLE } from '~shared/messages.ts';
import { displayHost } from '~shared/rules/url.ts';
import { Button } from '~shared/ui/button.tsx';
import { dashboardPage, type ExtensionSettings } from '../../../lib/settings.ts';
import { CheckCircleIcon, CloudOffIcon } from '~shared/ui/icons.tsx';
import { NewTabLink } from './new-tab-link.tsx';
import type { SaveResult } from './quick-save.tsx';

/** The clear "it's saved" state after Save, with a way into the dashboard (or the queued state). */
export function SavedPanel({ result, settings, onAnother }: { result: SaveResult; settings: ExtensionSettings; onAnother: () => void }) {
  const saved = result.kind === 'saved';
  const heading = saved ? (result.outcome === 'updated_existing' ? LINK_UPDATED_TITLE : LINK_ADDED_TITLE) : 'Saved offline';
  return (
    <section role="status" aria-live="polite" className="grid gap-4" data-testid="save-result" data-kind={result.kind}>
      <div className="flex items-start gap-3">
        <span
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${saved ? 'bg-success/15 text-success' : 'bg-warning/15 text-warning'}`}
        >
          {saved ? <CheckCircleIcon size={22} /> : <CloudOffIcon size={22} />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-base font-semibold">{heading}</p>
          <p className="truncate text-sm font-medium" title={result.title}>
            {result.title}
          </p>
          <p className="truncate text-xs text-muted-foreground" title={result.url}>
            {displayHost(result.url) || result.url}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {saved ? (
              <>
                In <span className="font-medium text-foreground">{result.folderName}</span>
              </>
            ) : (
              `The server can't be reached. It will be sent automatically when ${BRAND_NAME} is back.`
            )}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onAnother}>
          Edit
        </Button>
        <NewTabLink
          href={dashboardPage(settings)}
          className="inline-flex h-10 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Open in dashboard
        </NewTabLink>
      </div>
    </section>
  );
}
