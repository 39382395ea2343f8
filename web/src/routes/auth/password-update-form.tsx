import { useEffect, useState } from 'react';
import type { PasswordIdentity } from '~shared/rules/password-policy.ts';
import { Button } from '~shared/ui/button.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { PasswordInput } from '~shared/ui/password-input.tsx';
import { passwordRuleHint } from '~shared/rules/password-checklist.ts';
import { PasswordRules } from '~shared/ui/password-rules.tsx';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import type { PasswordUpdateValues } from './auth-actions.ts';
import { loadAuthActions, useAuthForm } from './load-auth-actions.ts';

/**
 * Reset tab with a recovery session: New Password and Confirm Password. The update goes through the
 * secure-reset function; its refusals show under 'Password Update Failed' (part 1 §8).
 */
export function PasswordUpdateForm({ onUpdated }: { onUpdated: () => void }) {
  const form = useAuthForm<PasswordUpdateValues>({ newPassword: '', confirmPassword: '' }, (actions, values) =>
    actions.validate.passwordUpdate(values),
  );
  const incomplete = !form.values.newPassword || !form.values.confirmPassword;
  // The recovery session says whose password this is: the checklist then shows 'Not your e-mail or username'.
  const { session } = useSessionState();
  const userId = session?.user.id;
  const email = session?.user.email;
  // The e-mail at once; with the username once the profile has answered (for this user and e-mail).
  const [found, setFound] = useState<{ userId: string; email: string | undefined; identity: PasswordIdentity } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void loadAuthActions()
      .then((actions) => actions.resetIdentity(userId, email))
      .then((identity) => current && setFound({ userId, email, identity }));
    return () => {
      current = false;
    };
  }, [userId, email]);
  const identity: PasswordIdentity = !userId
    ? {}
    : found && found.userId === userId && found.email === email
      ? found.identity
      : { email: email ?? null };

  const submit = form.handleSubmit(async (values) => {
    const actions = await loadAuthActions();
    try {
      await actions.submitPasswordUpdate(values);
      showSuccessToast(actions.AUTH_MESSAGES.passwordUpdated);
      onUpdated();
    } catch (error) {
      showToastMessage(actions.passwordUpdateErrorToast(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Update Password">
      <p className="text-sm text-muted-foreground">Choose a new password. {passwordRuleHint('reset')}</p>
      <FormField label="New Password" error={form.errors.newPassword}>
        <PasswordInput autoComplete="new-password" {...form.bind('newPassword')} />
      </FormField>
      {form.values.newPassword ? <PasswordRules password={form.values.newPassword} set="reset" identity={identity} /> : null}
      <FormField label="Confirm Password" error={form.errors.confirmPassword}>
        <PasswordInput autoComplete="new-password" {...form.bind('confirmPassword')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={incomplete || form.busy}>
        {form.busy ? 'Updating password...' : 'Update Password'}
      </Button>
    </form>
  );
}
