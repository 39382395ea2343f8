import { Button } from '~shared/ui/button.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { TextInput } from '~shared/ui/text-input.tsx';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import type { ResetRequestValues } from './auth-actions.ts';
import { loadAuthActions, useAuthForm } from './load-auth-actions.ts';

/** Reset tab without a recovery session: asks for the reset e-mail, then goes back to Sign In. */
export function ResetRequestForm({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const form = useAuthForm<ResetRequestValues>({ email: initialEmail }, (actions, values) => actions.validate.resetRequest(values));

  const submit = form.handleSubmit(async (values) => {
    const actions = await loadAuthActions();
    try {
      await actions.submitResetRequest(values);
      showSuccessToast(actions.AUTH_MESSAGES.resetEmailSent.title, actions.AUTH_MESSAGES.resetEmailSent.description);
      onSent(values.email.trim());
    } catch (error) {
      showToastMessage(actions.errorToast('auth.resetRequest', error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Reset Password">
      <p className="text-sm text-muted-foreground">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <FormField label="Email" error={form.errors.email}>
        <TextInput type="email" autoComplete="email" placeholder="you@example.com" {...form.bind('email')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={form.busy}>
        {form.busy ? 'Sending reset email...' : 'Reset Password'}
      </Button>
    </form>
  );
}
