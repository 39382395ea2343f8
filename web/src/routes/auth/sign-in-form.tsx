import { Button } from '~shared/ui/Button.tsx';
import { FormField } from '~shared/ui/FormField.tsx';
import { notify } from '../../app/toast.ts';
import type { SignInValues } from './auth-actions.ts';
import { loadAuthActions } from './load-auth-actions.ts';
import { PasswordInput } from './password-input.tsx';
import { TextInput } from './text-input.tsx';
import { useAuthForm } from './use-auth-form.ts';

interface SignInFormProps {
  initialEmail: string;
  onForgotPassword: (email: string) => void;
}

/** Sign In tab: e-mail and password. Success is announced by the auth listener ('Welcome!'). */
export function SignInForm({ initialEmail, onForgotPassword }: SignInFormProps) {
  const form = useAuthForm<SignInValues>({
    initialValues: { email: initialEmail, password: '' },
    validate: (actions, values) => actions.validate.signIn(values),
    onSubmit: async (values) => {
      const actions = await loadAuthActions();
      try {
        await actions.submitSignIn(values);
      } catch (error) {
        notify.error(actions.errorToast('auth.signIn', error));
      }
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate className="grid gap-4" aria-label="Sign In">
      <FormField label="Email" error={form.errors.email}>
        <TextInput type="email" autoComplete="email" placeholder="you@example.com" {...form.bind('email')} />
      </FormField>
      <FormField label="Password" error={form.errors.password}>
        <PasswordInput autoComplete="current-password" placeholder="Your password" {...form.bind('password')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={form.busy}>
        {form.busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <button
        type="button"
        className="justify-self-center rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => onForgotPassword(form.values.email)}
      >
        Forgot password?
      </button>
    </form>
  );
}
