import { useEffect } from 'react';
import { BRAND_NAME } from '~shared/constants.ts';
import { AUTH_MESSAGES } from '~shared/messages.ts';
import { FORGOT_PASSWORD_CLASS, SignInFields } from '~shared/ui/sign-in-fields.tsx';
import { useValidatedForm } from '~shared/ui/use-validated-form.ts';
import { dismissAllToasts, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { dashboardPage, type ExtensionSettings } from '../../../lib/settings.ts';
import { authTabPath } from '~shared/rules/auth-tab.ts';
import type { SignInValues } from '../data.ts';
import { loadData } from '../load-data.ts';
import { markInteractive } from '../ready.ts';
import { NewTabLink } from './new-tab-link.tsx';

const NO_CREDENTIALS: SignInValues = { email: '', password: '' };

/** The /auth Sign In tab in the popup: same fields, validation, busy label and error toasts. */
export function SignInView({
  settings,
  onSignedIn,
}: {
  settings: ExtensionSettings;
  onSignedIn: (user: { userId: string; email: string | null }) => void;
}) {
  const form = useValidatedForm({
    initialValues: NO_CREDENTIALS,
    load: loadData,
    validate: (data, values) => data.validate.signIn(values),
  });
  useEffect(() => markInteractive('signed-out'), []);
  // Sign-up (and password recovery) happen on the web app's /auth page.
  const resetPage = dashboardPage(settings, authTabPath('reset'));
  const signUpPage = dashboardPage(settings, authTabPath('signup'));

  const submit = form.handleSubmit(async (values) => {
    const data = await loadData();
    try {
      const session = await data.submitSignIn(values);
      // A failed attempt's error toast no longer applies once signed in.
      dismissAllToasts();
      showSuccessToast(AUTH_MESSAGES.welcome);
      onSignedIn({ userId: session.user.id, email: session.user.email ?? null });
    } catch (error) {
      showToastMessage(data.signInErrorToast(error));
    }
  });

  return (
    <main className="grid gap-5 px-4 pt-5 pb-4">
      <div className="grid gap-1">
        <h1 className="text-lg font-semibold tracking-tight">Sign in to {BRAND_NAME}</h1>
        <p className="text-sm text-muted-foreground">Save this page, right-click any link, and see what friends shared with you.</p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign In">
        <SignInFields form={form} focusEmail passwordIconSize={16} />
        <a href={resetPage} target="_blank" rel="noopener noreferrer" className={FORGOT_PASSWORD_CLASS}>
          Forgot password?
        </a>
      </form>
      <div className="flex items-center justify-center gap-1.5 border-t border-border pt-4 text-sm">
        <span className="text-muted-foreground">New to {BRAND_NAME}?</span>
        <NewTabLink
          href={signUpPage}
          iconSize={13}
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Create an account
        </NewTabLink>
      </div>
    </main>
  );
}
