import { Button } from '~shared/ui/Button.tsx';
import { FormField } from '~shared/ui/FormField.tsx';
import { notify } from '../../app/toast.ts';
import type { ResetRequestValues } from './auth-actions.ts';
import { loadAuthActions } from './load-auth-actions.ts';
import { TextInput } from './text-input.tsx';
import { useAuthForm } from './use-auth-form.ts';

/** Reset tab without a recovery session: asks for the reset e-mail, then goes back to Sign In. */
export function ResetRequestForm({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const form = useAuthForm<ResetRequestValues>({
    initialValues: { email: initialEmail },
    validate: (actions, values) => actions.validate.resetRequest(values),
    onSubmit: async (values) => {
      const actions = await loadAuthActions();
      try {
        await actions.submitResetRequest(values);
        notify.success({ title: 'Check your email', description: 'Password reset instructions have been sent to your email.' });
        onSent(values.email.trim());
      } catch (error) {
        notify.error(actions.errorToast('auth.resetRequest', error));
      }
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate className="grid gap-4" aria-label="Reset Password">
      <p className="text-sm text-muted-foreground">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <FormField label="Email" error={form.errors.email}>
        <TextInput type="email" autoComplete="email" placeholder="you@example.com" {...form.bind('email')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={form.busy}>
        {form.busy ? 'Sending reset email...' : 'Reset Password'}
      </Button>
    </form>
  );
}
