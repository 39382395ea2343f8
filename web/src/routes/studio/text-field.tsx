import { FormField } from '~shared/ui/form-field.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { cn } from '~shared/ui/cn.ts';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows 'n/max' as the user types (red above the limit); the schema refuses more on save. */
  max?: number;
  multiline?: boolean;
  error?: string;
  placeholder?: string;
  type?: 'text' | 'url';
  testId?: string;
  className?: string;
}

/** A studio text field with its limit counter. */
export function TextField({
  label,
  value,
  onChange,
  max,
  multiline,
  error,
  placeholder,
  type = 'text',
  testId,
  className,
}: TextFieldProps) {
  const over = max !== undefined && value.length > max;
  const counter =
    max !== undefined ? (
      <span className={cn('tabular-nums', over && 'font-medium text-destructive')} data-testid={testId ? `${testId}-count` : undefined}>
        {value.length}/{max}
      </span>
    ) : undefined;
  return (
    <FormField label={label} error={error} hint={counter} className={cn('content-start', className)}>
      {multiline ? (
        <textarea
          className={cn(CONTROL_CLASS, 'min-h-24 resize-y')}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
          rows={3}
        />
      ) : (
        <input
          className={CONTROL_CLASS}
          type={type}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      )}
    </FormField>
  );
}
