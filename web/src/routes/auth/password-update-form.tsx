import { Button } from '~shared/ui/Button.tsx';
import { FormField } from '~shared/ui/FormField.tsx';
import { notify } from '../../app/toast.ts';
import type { PasswordUpdateValues } from './auth-actions.ts';
import { loadAuthActions } from './load-auth-actions.ts';
import { PasswordInput } from './password-input.tsx';
import { useAuthForm } from './use-auth-form.ts';

/**
 * Reset tab with a recovery session: New Password and Confirm Password. The update goes through the
 * secure-reset function; its refusals show under 'Password Update Failed' (part 1 §8).
 */
export function PasswordUpdateForm({ onUpdated }: { onUpdated: () => void }) {
  const form = useAuthForm<PasswordUpdateValues>({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: (actions, values) => actions.validate.passwordUpdate(values),
    onSubmit: async (values) => {
      const actions = await loadAuthActions();
      try {
        await actions.submitPasswordUpdate(values);
        notify.success({ title: 'Password updated successfully with enhanced security!' });
        onUpdated();
      } catch (error) {
        notify.error(actions.passwordUpdateErrorToast(error));
      }
    },
  });
  const incomplete = !form.values.newPassword || !form.values.confirmPassword;

  return (
    <form onSubmit={form.handleSubmit} noValidate className="grid gap-4" aria-label="Update Password">
      <p className="text-sm text-muted-foreground">
        Choose a new password: at least 12 characters, mixing lowercase and uppercase letters, digits and symbols.
      </p>
      <FormField label="New Password" error={form.errors.newPassword}>
        <PasswordInput autoComplete="new-password" {...form.bind('newPassword')} />
      </FormField>
      <FormField label="Confirm Password" error={form.errors.confirmPassword}>
        <PasswordInput autoComplete="new-password" {...form.bind('confirmPassword')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={incomplete || form.busy}>
        {form.busy ? 'Updating password...' : 'Update Password'}
      </Button>
    </form>
  );
}
