import { useId } from 'react';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';

/** A labelled text box (or text area) of a small dialog form, with its error under it. */
export function DialogField({
  label,
  value,
  onChange,
  error,
  initialFocus,
  testId,
  multiline,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** The field the dialog opens on (Dialog focuses the one marked data-autofocus). */
  initialFocus?: boolean;
  testId?: string;
  multiline?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          rows={3}
          className={CONTROL_CLASS}
          data-testid={testId}
        />
      ) : (
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={CONTROL_CLASS}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-autofocus={initialFocus ? '' : undefined}
          data-testid={testId}
        />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
