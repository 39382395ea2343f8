import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { refreshAuthSession } from '~shared/data/account/api.ts';
import { profileMutations } from '~shared/data/profiles/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { SETTINGS_MESSAGES } from '~shared/messages.ts';
import { currentPasswordSchema, EMAIL_CHANGE_MESSAGES, emailCodeSchema, newEmailSchema } from '~shared/schemas/email-change.ts';
import { Button } from '~shared/ui/button.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { PasswordInput } from '~shared/ui/password-input.tsx';
import { TextInput } from '~shared/ui/text-input.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { SettingsSection } from './settings-layout.tsx';

/** Change e-mail by code (part 2 §4, §7): request-email-change, then confirm-email-change. */
export function EmailChangeCard({ currentEmail }: { currentEmail: string | null | undefined }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const request = useMutation(profileMutations.requestEmailChange(client));
  const confirm = useMutation(profileMutations.confirmEmailChange(client, queryClient));
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; code?: string }>({});

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newEmailSchema.safeParse(email);
    const checkedPassword = currentPasswordSchema.safeParse(password);
    if (!parsed.success || !checkedPassword.success) {
      setErrors({ email: parsed.error?.issues[0]?.message, password: checkedPassword.error?.issues[0]?.message });
      return;
    }
    setErrors({});
    request.mutate(
      { newEmail: parsed.data, password: checkedPassword.data },
      {
        onSuccess: () => {
          setSentTo(parsed.data);
          setCode('');
          setPassword('');
          showSuccessToast(SETTINGS_MESSAGES.verificationSent.title, SETTINGS_MESSAGES.verificationSent.description);
        },
        onError: (error) => {
          // The password is checked again before any code is sent: say so at the field.
          if ((error as { code?: unknown }).code === 'wrong_password') setErrors({ password: EMAIL_CHANGE_MESSAGES.wrongPassword });
          else showErrorToast('email.requestCode', error);
        },
      },
    );
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailCodeSchema.safeParse(code);
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    confirm.mutate(parsed.data, {
      onSuccess: (result) => {
        showSuccessToast('Email updated', result.new_email);
        setSentTo(null);
        setEmail('');
        setCode('');
        void refreshAuthSession(client).catch((error: unknown) => console.warn('session not refreshed after the e-mail change', error));
      },
      onError: (error) => showErrorToast('email.confirmCode', error),
    });
  };

  return (
    <SettingsSection
      title="Email"
      description={
        currentEmail ? (
          <>
            Current address:{' '}
            <span className="font-medium text-foreground" data-testid="current-email">
              {currentEmail}
            </span>
          </>
        ) : undefined
      }
      testId="email-change"
    >
      <form onSubmit={sendCode} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <FormField label="New email" error={errors.email}>
          <TextInput
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            placeholder="name@example.com"
          />
        </FormField>
        <FormField label="Current password" error={errors.password}>
          <PasswordInput
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            data-testid="email-change-password"
          />
        </FormField>
        <Button type="submit" variant="outline" disabled={request.isPending}>
          {sentTo ? 'Send a new code' : 'Send code'}
        </Button>
      </form>
      {sentTo ? (
        <form
          onSubmit={verify}
          noValidate
          className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
          data-testid="email-code-form"
        >
          <FormField
            label="Verification code"
            error={errors.code}
            hint={`We sent a 6-digit code to ${sentTo}. It expires in 5 minutes; after 5 wrong tries, request a new one. At most 3 codes an hour. Once changed, your other sessions are signed out and your old address gets a link to undo the change.`}
          >
            <TextInput
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              placeholder="123456"
            />
          </FormField>
          <Button type="submit" disabled={confirm.isPending}>
            Verify
          </Button>
        </form>
      ) : null}
    </SettingsSection>
  );
}
