import {
  CODE_LOAD_FAILED_MESSAGE,
  PAGE_FAILED_MESSAGE,
  PAGE_FAILED_TITLE,
  PAGE_LOAD_FAILED_TITLE,
  isCodeLoadError,
} from '~shared/rules/code-load.ts';

/**
 * Shown in place of a page that could not render: its code did not download (offline, or a new
 * deploy), or it failed. Never the error's own text or stack; Reload starts the page again.
 */
export function PageError({ error }: { error: unknown }) {
  const codeLoad = isCodeLoadError(error);
  return (
    <main className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-24 text-center">
      <div role="alert" className="grid gap-2">
        <h1 className="text-xl font-semibold tracking-tight">{codeLoad ? PAGE_LOAD_FAILED_TITLE : PAGE_FAILED_TITLE}</h1>
        <p className="text-sm text-muted-foreground">{codeLoad ? CODE_LOAD_FAILED_MESSAGE : PAGE_FAILED_MESSAGE}</p>
      </div>
      {/* Button's look, without its module: this is part of the entry every page loads. */}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        Reload
      </button>
    </main>
  );
}
