import { useRef, type ReactElement } from 'react';
import { uploadFileProblem, type FileKind } from '~shared/data/storage.ts';
import { showToastMessage } from '~shared/ui/toast.ts';

interface FilePickerOptions {
  /** Which upload rules apply (type and size); a refused file shows their toast. */
  kind: FileKind;
  accept: string;
  /** Accessible name of the hidden input (tests upload through it). */
  label: string;
  testId: string;
  onFile: (file: File) => void;
}

/**
 * A file upload opened by a button: `open()` for the button's onClick, `input` (hidden) to render
 * beside it. The input is cleared after each pick, so the same file can be chosen again.
 */
export function useFilePicker({ kind, accept, label, testId, onFile }: FilePickerOptions): { open: () => void; input: ReactElement } {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      data-testid={testId}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        if (!file) return;
        const problem = uploadFileProblem(file, kind);
        if (problem) showToastMessage(problem);
        else onFile(file);
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
