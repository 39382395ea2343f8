import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountMutations } from '~shared/data/account/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { DELETE_ACCOUNT_CONFIRMATION, DELETE_ACCOUNT_MESSAGES, deleteAccountBodySchema } from '~shared/schemas/delete-account.ts';
import { Button } from '~shared/ui/button.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { PasswordInput } from '~shared/ui/password-input.tsx';
import { TextInput } from '~shared/ui/text-input.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { SettingsSection } from './settings-layout.tsx';

/** 'Delete my account': type DELETE and the password; the delete-account function does the rest. */
export function DeleteAccountCard() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation(accountMutations.deleteAccount(client));
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ confirmation?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deleteAccountBodySchema.safeParse({ confirmation, password });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'confirmation' | 'password'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    // Signing out unmounts this page (the signed-in layout sends the user away), so no per-call
    // mutate callbacks: the promise settles either way, and the toast goes through the app-wide toaster.
    remove.mutateAsync(parsed.data).then(
      () => {
        queryClient.clear();
        showSuccessToast(DELETE_ACCOUNT_MESSAGES.deleted);
        void navigate('/auth', { replace: true });
      },
      (error: unknown) => showErrorToast('account.delete', error),
    );
  };

  return (
    <SettingsSection
      title="Delete my account"
      description="Removes your links, folders, shares, settings and uploaded files for good. This cannot be undone."
      testId="delete-account"
    >
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        role="alertdialog"
        title="Delete your account?"
        description={`Everything of yours is deleted at once. Type ${DELETE_ACCOUNT_CONFIRMATION} and your password to confirm.`}
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label={`Type ${DELETE_ACCOUNT_CONFIRMATION}`} error={errors.confirmation}>
            <TextInput value={confirmation} onChange={(e) => setConfirmation(e.target.value)} autoComplete="off" />
          </FormField>
          <FormField label="Password" error={errors.password}>
            <PasswordInput value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || confirmation.trim() !== DELETE_ACCOUNT_CONFIRMATION}>
              Delete account
            </Button>
          </div>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
