import { useEffect, useState, type FormEvent } from 'react';
import { browser } from '../../lib/browser.ts';
import { BRAND_NAME } from '~shared/constants.ts';
import { Button } from '~shared/ui/button.tsx';
import { FormField } from '~shared/ui/form-field.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { BUILD_DEFAULTS } from '../../lib/build-env.ts';
import type { WorkerMessage } from '../../lib/messages.ts';
import {
  loadSettings,
  resetSettings,
  saveSettings,
  validateSettings,
  type ExtensionSettings,
  type SettingsErrors,
} from '../../lib/settings.ts';
import type { StoredUser } from '~shared/rules/stored-session.ts';
import { readStoredUser } from '../../lib/storage-area.ts';

type Status = { kind: 'saved' | 'reset'; signedOut: boolean } | null;

const tellWorker = (message: WorkerMessage) => browser.runtime.sendMessage(message).catch(() => undefined);

/**
 * Options: which Supabase project (API URL + anon key) and which dashboard the extension uses,
 * defaulting to the build's values, so it can be pointed at a self-hosted project.
 */
export function OptionsApp() {
  const area = browser.storage.local;
  const [values, setValues] = useState<ExtensionSettings | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [user, setUser] = useState<StoredUser | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void Promise.all([loadSettings(area), readStoredUser(area)]).then(([settings, stored]) => {
      setValues(settings);
      setUser(stored);
    });
  }, [area]);

  if (!values) return null;

  const bind = (name: keyof ExtensionSettings) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [name]: event.target.value });
      setStatus(null);
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateSettings(values!);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { signedOut } = await saveSettings(area, checked.settings);
      setValues(checked.settings);
      if (signedOut) setUser(null);
      setStatus({ kind: 'saved', signedOut });
      await tellWorker({ type: 'badge:refresh' });
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    setBusy(true);
    try {
      const { signedOut } = await resetSettings(area);
      setValues({ ...BUILD_DEFAULTS });
      setErrors({});
      if (signedOut) setUser(null);
      setStatus({ kind: 'reset', signedOut });
      await tellWorker({ type: 'badge:refresh' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="min-h-screen bg-background text-foreground">
      <main className="mx-auto grid max-w-xl gap-6 px-6 py-10">
        <header className="flex items-center gap-3">
          <img src="/icon/96.png" alt="" width={40} height={40} className="h-10 w-10" />
          <div>
            <h1 className="text-xl font-semibold tracking-tight">{BRAND_NAME} settings</h1>
            <p className="text-sm text-muted-foreground">
              {user ? `Signed in as ${user.email ?? 'your account'}.` : 'Not signed in: use the toolbar popup to sign in.'}
            </p>
          </div>
        </header>
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
          aria-label="Server settings"
        >
          <div className="grid gap-1">
            <h2 className="text-base font-semibold">Server</h2>
            <p className="text-sm text-muted-foreground">
              The Supabase project {BRAND_NAME} saves to. Change these to use your own hosted project; changing the API URL or key signs you
              out.
            </p>
          </div>
          <FormField label="API URL" error={errors.apiUrl} hint={`Built with ${BUILD_DEFAULTS.apiUrl || '(none)'}`}>
            <input
              type="url"
              spellCheck={false}
              className={CONTROL_CLASS}
              placeholder="https://your-project.supabase.co"
              {...bind('apiUrl')}
            />
          </FormField>
          <FormField label="Anon key" error={errors.anonKey} hint="The project's public (anon) API key, never the service-role key.">
            <textarea rows={3} spellCheck={false} className={`${CONTROL_CLASS} font-mono text-xs break-all`} {...bind('anonKey')} />
          </FormField>
          <FormField label="Dashboard URL" error={errors.dashboardUrl} hint={`Built with ${BUILD_DEFAULTS.dashboardUrl || '(none)'}`}>
            <input
              type="url"
              spellCheck={false}
              className={CONTROL_CLASS}
              placeholder="https://links.example.com"
              {...bind('dashboardUrl')}
            />
          </FormField>
          <div className="flex flex-wrap items-center justify-end gap-2">
            {status ? (
              <p role="status" className="mr-auto text-sm text-success" data-testid="options-status">
                {status.kind === 'saved' ? 'Settings saved.' : 'Back to the built-in settings.'}
                {status.signedOut ? ' You have been signed out.' : ''}
              </p>
            ) : null}
            <Button variant="outline" onClick={() => void reset()} disabled={busy}>
              Reset to defaults
            </Button>
            <Button type="submit" disabled={busy}>
              Save
            </Button>
          </div>
        </form>
        <section className="grid gap-2 rounded-xl border border-border bg-card p-6 text-sm text-card-foreground shadow-sm">
          <h2 className="text-base font-semibold">Keyboard shortcut</h2>
          <p className="text-muted-foreground">
            <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">Alt+Shift+S</kbd> saves the current tab
            without opening the popup;{' '}
            <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">Alt+Shift+L</kbd> opens the popup. Change
            them at chrome://extensions/shortcuts (Chrome) or in the add-ons manager's "Manage Extension Shortcuts" (Firefox).
          </p>
        </section>
      </main>
    </div>
  );
}
