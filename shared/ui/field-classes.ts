/** Shared look of text inputs, selects and textareas. */
export const CONTROL_CLASS =
  'block w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-sm ' +
  'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive';
