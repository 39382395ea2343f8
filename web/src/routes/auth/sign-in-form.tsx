import { FORGOT_PASSWORD_CLASS, SignInFields } from '~shared/ui/sign-in-fields.tsx';
import { showToastMessage } from '~shared/ui/toast.ts';
import type { SignInValues } from './auth-actions.ts';
import { loadAuthActions, useAuthForm } from './load-auth-actions.ts';

interface SignInFormProps {
  initialEmail: string;
  onForgotPassword: (email: string) => void;
}

/** Sign In tab: e-mail and password. Success is announced by the auth listener ('Welcome!'). */
export function SignInForm({ initialEmail, onForgotPassword }: SignInFormProps) {
  const form = useAuthForm<SignInValues>({ email: initialEmail, password: '' }, (actions, values) => actions.validate.signIn(values));

  const submit = form.handleSubmit(async (values) => {
    const actions = await loadAuthActions();
    try {
      await actions.submitSignIn(values);
    } catch (error) {
      showToastMessage(actions.errorToast('auth.signIn', error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign In">
      <SignInFields form={form} />
      <button type="button" className={FORGOT_PASSWORD_CLASS} onClick={() => onForgotPassword(form.values.email)}>
        Forgot password?
      </button>
    </form>
  );
}
