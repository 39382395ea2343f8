import { LoaderIcon } from '~shared/ui/icons/public-icons.tsx';

/** Shown while a route's code or the session is loading. */
export function PageFallback({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-muted-foreground" role="status" aria-live="polite">
      <LoaderIcon className="mr-2 animate-spin" />
      <span>{label}</span>
    </div>
  );
}
