import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { twoFactorMutations, twoFactorQueries } from '~shared/data/auth/two-factor-queries.ts';
import type { TwoFactorEnrolment } from '~shared/data/auth/two-factor.ts';
import { toDataError } from '~shared/data/errors.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { formatDisplayDate } from '~shared/rules/date-format.ts';
import { isTotpCodeShape, normaliseTotpCode } from '~shared/rules/totp.ts';
import { TWO_FACTOR_MESSAGES, twoFactorErrorMessage } from '~shared/rules/two-factor.ts';
import { Button } from '~shared/ui/button.tsx';
import { showSuccessToast } from '~shared/ui/toast.ts';
import { CodeField } from '../../features/two-factor/code-field.tsx';
import { SettingsSection } from './settings-layout.tsx';

const messageOf = (error: unknown) => {
  const e = toDataError(error);
  return twoFactorErrorMessage(e.code, e.status);
};

/** A code form: validates the shape first, then the server's answer shows under the field. */
function useCodeForm(submit: (code: string) => Promise<unknown>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isTotpCodeShape(code)) {
      setError(TWO_FACTOR_MESSAGES.codeShape);
      return;
    }
    setError(undefined);
    submit(normaliseTotpCode(code)).catch((e: unknown) => setError(messageOf(e)));
  };
  return { code, error, onSubmit, setCode: (next: string) => (setCode(next), setError(undefined)) };
}

function SetUp({ enrolment, onCancel }: { enrolment: TwoFactorEnrolment; onCancel: () => void }) {
  const client = useDataClient();
  const confirm = useMutation(twoFactorMutations.confirm(client, useQueryClient()));
  const form = useCodeForm(async (code) => {
    await confirm.mutateAsync({ factorId: enrolment.factorId, code });
    showSuccessToast('Two-factor authentication is on');
    onCancel();
  });
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(enrolment.secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Set up two-factor authentication"
      data-testid="two-factor-setup"
    >
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan the QR code, or enter the key by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={enrolment.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg border border-border bg-white p-1"
        />
        <div className="grid w-full min-w-0 gap-2">
          <p className="text-sm font-medium">Setup key</p>
          <code
            className="block break-words rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider"
            data-testid="two-factor-secret"
          >
            {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={copy}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          </div>
        </div>
      </div>
      <CodeField value={form.code} onChange={form.setCode} error={form.error} focusOnMount />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          Turn on
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TurnOff({ factorId, onDone }: { factorId: string; onDone: () => void }) {
  const client = useDataClient();
  const disable = useMutation(twoFactorMutations.disable(client, useQueryClient()));
  const form = useCodeForm(async (code) => {
    await disable.mutateAsync({ factorId, code });
    showSuccessToast('Two-factor authentication is off');
    onDone();
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="grid gap-4" aria-label="Turn off two-factor authentication">
      <CodeField value={form.code} onChange={form.setCode} error={form.error} label="Code to turn it off" focusOnMount />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          Turn off two-factor authentication
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Two-factor authentication with an authenticator app (TOTP): set up with a QR code or the key,
 * confirmed by a first code; turning it off asks for a current code.
 */
export function TwoFactorCard() {
  const client = useDataClient();
  const status = useQuery(twoFactorQueries.status(client));
  const start = useMutation(twoFactorMutations.start(client));
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [startError, setStartError] = useState<string | undefined>();
  const factorId = status.data?.factorId ?? null;
  const anchor = useRef<HTMLDivElement>(null);
  // The settings entry 'Two-factor authentication' links here (/settings/privacy#two-factor).
  useEffect(() => {
    if (window.location.hash === '#two-factor') anchor.current?.scrollIntoView({ block: 'start' });
  }, []);

  const begin = () => {
    setStartError(undefined);
    start.mutate(undefined, { onSuccess: setEnrolment, onError: (e) => setStartError(messageOf(e)) });
  };

  return (
    <div id="two-factor" ref={anchor} className="scroll-mt-20">
      <SettingsSection
        title="Two-factor authentication"
        description="Ask for a code from an authenticator app after your password, so a stolen password alone is not enough."
        testId="two-factor"
      >
        {status.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : factorId ? (
          <>
            <p role="status" className="flex items-center gap-2 text-sm" data-testid="two-factor-on">
              <span className="inline-flex items-center rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">On</span>
              Since {formatDisplayDate(status.data?.enabledAt)}: signing in asks for a code from your app.
            </p>
            {turningOff ? (
              <TurnOff factorId={factorId} onDone={() => setTurningOff(false)} />
            ) : (
              <div>
                <Button variant="outline" onClick={() => setTurningOff(true)}>
                  Turn off
                </Button>
              </div>
            )}
          </>
        ) : enrolment ? (
          <SetUp enrolment={enrolment} onCancel={() => setEnrolment(null)} />
        ) : (
          <div className="grid gap-2">
            <p className="text-sm" data-testid="two-factor-off">
              Off.
            </p>
            <div>
              <Button onClick={begin} disabled={start.isPending}>
                Set up two-factor authentication
              </Button>
            </div>
            {startError ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {startError}
              </p>
            ) : null}
          </div>
        )}
      </SettingsSection>
    </div>
  );
}
