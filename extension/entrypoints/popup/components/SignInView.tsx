import { useEffect } from 'react';
import { BRAND_NAME } from '../../../../shared/constants.ts';
import { AUTH_MESSAGES } from '../../../../shared/messages.ts';
import { Button } from '../../../../shared/ui/Button.tsx';
import { FormField } from '../../../../shared/ui/FormField.tsx';
import { CONTROL_CLASS } from '../../../../shared/ui/field-classes.ts';
import { notify } from '../notify.ts';
import { dashboardPage, type ExtensionSettings } from '../../../lib/settings.ts';
import { ExternalLinkIcon } from '../../../ui/icons.tsx';
import type { SignInValues } from '../data.ts';
import { loadData } from '../load-data.ts';
import { markInteractive } from '../ready.ts';
import { usePopupForm } from '../use-form.ts';
import { PasswordInput } from './PasswordInput.tsx';

const validateSignIn = (data: Awaited<ReturnType<typeof loadData>>, values: SignInValues) => data.validate.signIn(values);

/** The /auth Sign In tab in the popup: same fields, validation, busy label and error toasts. */
export function SignInView({ settings, onSignedIn }: { settings: ExtensionSettings; onSignedIn: (user: { userId: string; email: string | null }) => void }) {
  const form = usePopupForm<SignInValues>({ email: '', password: '' }, validateSignIn);
  useEffect(() => markInteractive('signed-out'), []);
  // Sign-up (and password recovery) happen on the web app's /auth page.
  const authPage = dashboardPage(settings, '/auth');

  const submit = form.handleSubmit(async (values) => {
    const data = await loadData();
    try {
      const session = await data.submitSignIn(values);
      notify.success(AUTH_MESSAGES.welcome);
      onSignedIn({ userId: session.user.id, email: session.user.email ?? null });
    } catch (error) {
      notify.error(data.signInErrorToast(error));
    }
  });

  return (
    <main className="grid gap-5 px-4 pt-5 pb-4">
      <div className="grid gap-1">
        <h1 className="text-lg font-semibold tracking-tight">Sign in to {BRAND_NAME}</h1>
        <p className="text-sm text-muted-foreground">Save this page, right-click any link, and see what friends shared with you.</p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign In">
        <FormField label="Email" error={form.errors.email}>
          <input type="email" autoComplete="email" placeholder="you@example.com" autoFocus className={CONTROL_CLASS} {...form.bind('email')} />
        </FormField>
        <FormField label="Password" error={form.errors.password}>
          <PasswordInput autoComplete="current-password" placeholder="Your password" {...form.bind('password')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={form.busy}>
          {form.busy ? 'Signing in...' : 'Sign In'}
        </Button>
        <a
          href={authPage}
          target="_blank"
          rel="noopener noreferrer"
          className="justify-self-center rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Forgot password?
        </a>
      </form>
      <div className="flex items-center justify-center gap-1.5 border-t border-border pt-4 text-sm">
        <span className="text-muted-foreground">New to {BRAND_NAME}?</span>
        <a
          href={authPage}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Create an account <ExternalLinkIcon size={13} />
        </a>
      </div>
    </main>
  );
}
