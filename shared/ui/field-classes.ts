/** Shared look of text inputs, selects and textareas. */
export const CONTROL_CLASS =
  'block w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-sm ' +
  'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive';

/**
 * Shared look of a visible file input: the control's box with the
 * browser's 'Choose file' button drawn as a small secondary button. Pickers opened from a button
 * (web/src/components/file-picker.tsx) hide their input and use a Button instead.
 */
export const FILE_INPUT_CLASS =
  CONTROL_CLASS +
  ' cursor-pointer file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-secondary file:px-2 file:py-1 file:text-xs file:font-medium file:text-secondary-foreground';
