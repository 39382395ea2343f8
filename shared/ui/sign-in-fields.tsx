import type { SignInInput } from '../schemas/sign-in.ts';
import { Button } from './button.tsx';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { TextInput } from './text-input.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import type { ValidatedForm } from './use-validated-form.ts';

/** The look of the 'Forgot password?' link under the fields (a button on /auth, a new-tab link in the popup). */
export const FORGOT_PASSWORD_CLASS =
  'justify-self-center rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export interface SignInFieldsProps {
  form: Pick<ValidatedForm<SignInInput>, 'errors' | 'bind' | 'busy'>;
  /** Focus the e-mail field on mount (the popup opens straight into the form). */
  focusEmail?: boolean;
  passwordIconSize?: number;
}

/** The Sign In form's fields and submit button, the same on /auth and in the extension popup. */
export function SignInFields({ form, focusEmail = false, passwordIconSize }: SignInFieldsProps) {
  const emailRef = useFocusOnMount<HTMLInputElement>(focusEmail);
  return (
    <>
      <FormField label="Email" error={form.errors.email}>
        <TextInput type="email" autoComplete="email" placeholder="you@example.com" ref={emailRef} {...form.bind('email')} />
      </FormField>
      <FormField label="Password" error={form.errors.password}>
        <PasswordInput autoComplete="current-password" placeholder="Your password" iconSize={passwordIconSize} {...form.bind('password')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={form.busy}>
        {form.busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </>
  );
}
