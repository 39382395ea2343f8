import { Button } from '~shared/ui/button.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { PasswordInput } from '~shared/ui/password-input.tsx';
import { passwordRuleHint } from '~shared/rules/password-checklist.ts';
import { PasswordRules } from '~shared/ui/password-rules.tsx';
import { TextInput } from '~shared/ui/text-input.tsx';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import type { SignUpValues } from './auth-actions.ts';
import { loadAuthActions, useAuthForm } from './load-auth-actions.ts';

interface SignUpFormProps {
  /** After sign-up, and when the account already exists: go to Sign In with the e-mail filled in. */
  onDone: (email: string) => void;
}

const EMPTY: SignUpValues = { firstName: '', lastName: '', email: '', password: '' };

/** Sign Up tab: First Name, Last Name, Email, Password (part 1 §2, §4, §5, §8). */
export function SignUpForm({ onDone }: SignUpFormProps) {
  const form = useAuthForm(EMPTY, (actions, values) => actions.validate.signUp(values));

  const submit = form.handleSubmit(async (values) => {
    const actions = await loadAuthActions();
    const email = values.email.trim();
    try {
      await actions.submitSignUp(values);
      showSuccessToast('Account created!', 'Please check your email to confirm your account before signing in.');
      form.reset(EMPTY);
      onDone(email);
    } catch (error) {
      showToastMessage(actions.errorToast('auth.signUp', error));
      if (actions.isAccountExists(error)) onDone(email);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign Up">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" error={form.errors.firstName}>
          <TextInput autoComplete="given-name" placeholder="Jane" {...form.bind('firstName')} />
        </FormField>
        <FormField label="Last Name" error={form.errors.lastName}>
          <TextInput autoComplete="family-name" placeholder="Doe" {...form.bind('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={form.errors.email}>
        <TextInput type="email" autoComplete="email" placeholder="you@example.com" {...form.bind('email')} />
      </FormField>
      <FormField label="Password" error={form.errors.password} hint={passwordRuleHint('sign-up')}>
        <PasswordInput autoComplete="new-password" placeholder="Create a strong password" {...form.bind('password')} />
      </FormField>
      {form.values.password ? (
        <PasswordRules password={form.values.password} set="sign-up" identity={{ email: form.values.email }} />
      ) : null}
      <Button type="submit" className="w-full" disabled={form.busy}>
        {form.busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
