import { useState, type FormEvent } from 'react';
import { isTotpCodeShape, normaliseTotpCode } from '~shared/rules/totp.ts';
import { TWO_FACTOR_MESSAGES } from '~shared/rules/two-factor.ts';
import { Button } from '~shared/ui/button.tsx';
import { CodeField } from '../../features/two-factor/code-field.tsx';
import { loadAuthActions } from './load-auth-actions.ts';

/**
 * The sign-in's second step when two-factor authentication is on: the password was right, the
 * session is aal1 and reaches nothing until the app's code raises it (the auth listener then goes on).
 */
export function TwoFactorStep() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isTotpCodeShape(code)) {
      setError(TWO_FACTOR_MESSAGES.codeShape);
      return;
    }
    setBusy(true);
    setError(undefined);
    const actions = await loadAuthActions();
    try {
      await actions.submitTwoFactorCode(normaliseTotpCode(code));
    } catch (e) {
      setError(actions.twoFactorCodeError(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    const actions = await loadAuthActions();
    await actions.cancelTwoFactor().catch((e: unknown) => console.warn('Sign-out failed', e));
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4"
      aria-label="Two-factor authentication"
      data-testid="two-factor-step"
    >
      <CodeField
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(undefined);
        }}
        error={error}
        focusOnMount
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Checking…' : 'Verify'}
      </Button>
      <button type="button" className="text-sm text-muted-foreground underline-offset-4 hover:underline" onClick={() => void cancel()}>
        Use another account
      </button>
    </form>
  );
}
