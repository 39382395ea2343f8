import { FormField } from '~shared/ui/form-field.tsx';
import { TextInput } from '~shared/ui/text-input.tsx';
import { useFocusOnMount } from '~shared/ui/use-focus-on-mount.ts';

/** The 6-digit code field: numeric keyboard on phones, the OS's one-time-code autofill. */
export function CodeField({
  value,
  onChange,
  error,
  label = 'Authentication code',
  focusOnMount = false,
}: {
  value: string;
  onChange: (next: string) => void;
  error?: string;
  label?: string;
  /** The field the view opened for (the sign-in step, a set-up the user asked for). */
  focusOnMount?: boolean;
}) {
  const ref = useFocusOnMount<HTMLInputElement>(focusOnMount);
  return (
    <FormField label={label} error={error} hint="The 6-digit code your authenticator app shows now.">
      <TextInput
        name="code"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/[^\d\s]/g, '').slice(0, 7))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        ref={ref}
        data-testid="two-factor-code"
      />
    </FormField>
  );
}
