import { FOLDER_MESSAGES } from '~shared/messages.ts';
import { Button } from '~shared/ui/button.tsx';

/** A folder (or template) that does not exist or that the user cannot see, with the way back. */
export function FolderNotFound({ message, back, onBack }: { message: string; back: string; onBack: () => void }) {
  return (
    <div
      role="alert"
      data-testid="folder-not-found"
      className="grid justify-items-center gap-3 rounded-xl border border-border bg-card p-8 text-center shadow-sm"
    >
      <h1 className="text-xl font-semibold">Folder not found</h1>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <Button onClick={onBack}>{back}</Button>
    </div>
  );
}

/** A read that failed, with Retry. */
export function FolderLoadError({ onRetry, message = FOLDER_MESSAGES.loadLinksFailed }: { onRetry: () => void; message?: string }) {
  return (
    <div
      role="alert"
      data-testid="folder-load-error"
      className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-6 text-center"
    >
      <p className="text-sm">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** The folder's header and links while the folder itself loads. */
export function FolderLoading() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading folder">
      <div className="h-20 animate-pulse rounded-xl border border-border bg-card/70" />
      <GridSkeleton />
    </div>
  );
}

/** The links while they load. */
export function GridSkeleton() {
  return (
    <div
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
      aria-busy="true"
      aria-label="Loading links"
      data-testid="folder-loading"
    >
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-28 animate-pulse rounded-lg border border-border bg-card/70" />
      ))}
    </div>
  );
}
