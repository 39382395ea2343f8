import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, extractLink, latestMail, serviceClient, STRONG_PASSWORD, uniqueEmail } from '../setup/clients.ts';
import { expectToast, launchChromium, newContext, signInThroughForm } from './web-browser.ts';
import { signedInContextUser } from './web-session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const signUpForm = (page: Page) => page.getByRole('form', { name: 'Sign Up' });
const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign In' });

async function openTab(page: Page, name: 'Sign In' | 'Sign Up' | 'Reset') {
  await page.getByRole('tab', { name }).click();
}

async function fieldErrors(page: Page): Promise<string[]> {
  return page.locator('[role="tabpanel"] p[role="alert"]').allInnerTexts();
}

describe('/auth sign-up validation', () => {
  it('shows every sign-up message on submit, then re-validates on change', async () => {
    const context = await newContext(browser, { theme: 'dark' });
    const page = await context.newPage();
    await page.goto('/auth');
    await openTab(page, 'Sign Up');
    const form = signUpForm(page);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => fieldErrors(page))
      .toEqual(['First name is required', 'Last name is required', 'Invalid email address', 'Password must be at least 12 characters']);

    // Re-validation on change: fixing a field clears its message without submitting again.
    await form.getByLabel('First Name').fill('Ada');
    await expect.poll(() => fieldErrors(page)).not.toContain('First name is required');
    await form.getByLabel('Last Name').fill('Lovelace');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password', { exact: true }).fill('alllowercaseletters');
    await expect
      .poll(() => fieldErrors(page))
      .toEqual(['Invalid email address', 'Password must contain at least: 1 lowercase, 1 uppercase, 1 digit, and 1 symbol']);
    await form.getByLabel('Email').fill('ada@example.test');
    await form.getByLabel('Password', { exact: true }).fill('Short1!');
    await expect.poll(() => fieldErrors(page)).toEqual(['Password must be at least 12 characters']);
    await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await expect.poll(() => fieldErrors(page)).toEqual([]);
    await context.close();
  });

  it('validates the sign-in and reset forms', async () => {
    const context = await newContext(browser, { theme: 'light', colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/auth');
    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => fieldErrors(page)).toEqual(['Invalid email address', 'Password is required']);
    await openTab(page, 'Reset');
    await page.getByRole('form', { name: 'Reset Password' }).getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => fieldErrors(page)).toEqual(['Invalid email address']);
    await context.close();

    const phone = await newContext(browser, { theme: 'dark', phone: true });
    const phonePage = await phone.newPage();
    await phonePage.goto('/auth');
    await openTab(phonePage, 'Sign Up');
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  });
});

describe('/auth sign up, confirm, sign in', () => {
  it('signs up, refuses the unconfirmed and the wrong password, confirms by e-mail and reaches /dashboard', async () => {
    const email = uniqueEmail('signup');
    const context = await newContext(browser, { theme: 'dark' });
    const page = await context.newPage();
    await page.goto('/auth');
    await openTab(page, 'Sign Up');
    const form = signUpForm(page);
    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Last Name').fill('Hopper');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Please check your email to confirm your account before signing in.');
    await expectToast(page, 'Account created!');

    // Back on Sign In with the e-mail filled in.
    expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(await signInForm(page).getByLabel('Email').inputValue()).toBe(email);

    // Not confirmed yet.
    await signInForm(page).getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Please check your email and click the confirmation link before signing in.');
    await expectToast(page, 'Email not confirmed');

    // Signing up again with the same address: 'Account exists' only once it is confirmed; before that
    // GoTrue re-sends the confirmation. Confirm through the link in the e-mail.
    const mail = await latestMail(email, { subject: 'Confirm your signup' });
    const link = extractLink(mail.text);
    await page.goto(link);
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await expectToast(page, 'Welcome!');
    await page.getByTestId('header-banner').waitFor();
    expect(await page.getByTestId('banner-name').innerText()).toBe('Grace Hopper');

    // Sign out from the banner.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(page, 'Signed out');
    await page.waitForURL('**/auth');

    // Wrong password.
    await signInThroughForm(page, email, 'Wrong-Passw0rd!x');
    await expectToast(page, 'Please check your email and password and try again.');
    await expectToast(page, 'Invalid credentials');
    expect(new URL(page.url()).pathname).toBe('/auth');

    // The right one: 'Welcome!' and the dashboard, and a login_activity row.
    await signInForm(page).getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Welcome!');
    const { data: users } = await serviceClient().from('profiles').select('user_id').eq('email', email);
    const userId = users?.[0]?.user_id as string;
    expect(userId).toBeTruthy();
    const { data: activity } = await serviceClient().from('login_activity').select('user_id, ip_address, user_agent').eq('user_id', userId);
    expect(activity?.length).toBeGreaterThanOrEqual(1);
    expect(activity?.[0]).toMatchObject({ user_id: userId, ip_address: '' });
    expect(String(activity?.[0]?.user_agent)).toMatch(/Chrome/);

    // Signed in, /auth sends you straight to the dashboard.
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');

    // 'Account exists': a confirmed address signs up again -> Sign In with the e-mail filled in.
    const other = await newContext(browser);
    const otherPage = await other.newPage();
    await otherPage.goto('/auth');
    await openTab(otherPage, 'Sign Up');
    await signUpForm(otherPage).getByLabel('First Name').fill('Grace');
    await signUpForm(otherPage).getByLabel('Last Name').fill('Hopper');
    await signUpForm(otherPage).getByLabel('Email').fill(email);
    await signUpForm(otherPage).getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await signUpForm(otherPage).getByRole('button', { name: 'Create Account' }).click();
    await expectToast(otherPage, 'Account exists');
    expect(await otherPage.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(await signInForm(otherPage).getByLabel('Email').inputValue()).toBe(email);
    await other.close();
    await context.close();
  });

  it('follows ?redirect= after sign-in, but only to a path on this site', async () => {
    const user = await createConfirmedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth?redirect=%2Fsettings');
    await signInForm(page).getByLabel('Email').fill(user.email);
    await signInForm(page).getByLabel('Password', { exact: true }).fill(user.password);
    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/settings');
    await context.close();

    const evil = await newContext(browser);
    const evilPage = await evil.newPage();
    await evilPage.goto('/auth?redirect=%2F%2Fevil.test%2F');
    await signInForm(evilPage).getByLabel('Email').fill(user.email);
    await signInForm(evilPage).getByLabel('Password', { exact: true }).fill(user.password);
    await signInForm(evilPage).getByRole('button', { name: 'Sign In' }).click();
    await evilPage.waitForURL('**/dashboard');
    await evil.close();
  });

  it('sends signed-out visitors of signed-in pages to /auth', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '');
    await page.goto('/settings/appearance');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('redirect') === '/settings/appearance');
    await context.close();
  });
});

describe('/auth password recovery', () => {
  it('e-mails a reset link; the link opens password-update mode; a weak password is refused with its message; a strong one signs in', async () => {
    const user = await createConfirmedUser({ firstName: 'Alan', lastName: 'Turing' });
    const context = await newContext(browser, { theme: 'dark' });
    const page = await context.newPage();
    await page.goto('/auth');
    await signInForm(page).getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const resetForm = page.getByRole('form', { name: 'Reset Password' });
    expect(await resetForm.getByLabel('Email').inputValue()).toBe(user.email);
    await resetForm.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset instructions have been sent to your email.');
    await expectToast(page, 'Check your email');
    expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');

    const mail = await latestMail(user.email, { subject: 'Reset your password' });
    await page.goto(extractLink(mail.text));
    await page.waitForURL((url) => url.pathname === '/auth' && url.hash.includes('type=recovery'));
    const updateForm = page.getByRole('form', { name: 'Update Password' });
    await updateForm.waitFor();
    expect(await page.getByRole('tab', { name: 'Reset' }).getAttribute('aria-selected')).toBe('true');
    const updateButton = updateForm.getByRole('button', { name: 'Update Password' });
    expect(await updateButton.isDisabled()).toBe(true);
    await updateForm.getByLabel('New Password').fill('Another-Passw0rd!');
    expect(await updateButton.isDisabled()).toBe(true);
    await updateForm.getByLabel('Confirm Password').fill('Different-Passw0rd!');
    expect(await updateButton.isDisabled()).toBe(false);
    await updateButton.click();
    await expect.poll(() => fieldErrors(page)).toEqual(['Passwords do not match.']);

    // Too short: secure-reset answers min_length.
    await updateForm.getByLabel('New Password').fill('Sh0rt!');
    await updateForm.getByLabel('Confirm Password').fill('Sh0rt!');
    await updateButton.click();
    await expectToast(page, 'Password Update Failed');
    await expectToast(page, 'Password must be at least 12 characters.');
    // Sequential characters: seq_or_repeat.
    await updateForm.getByLabel('New Password').fill('Xy9!abcdefQ#');
    await updateForm.getByLabel('Confirm Password').fill('Xy9!abcdefQ#');
    await updateButton.click();
    await expectToast(page, 'Password cannot contain sequential or repeated characters');
    // Still on the recovery form (no redirect after a refusal).
    expect(new URL(page.url()).pathname).toBe('/auth');

    const newPassword = 'Quartz-Meadow-41!Lantern';
    await updateForm.getByLabel('New Password').fill(newPassword);
    await updateForm.getByLabel('Confirm Password').fill(newPassword);
    await updateButton.click();
    await expectToast(page, 'Password updated successfully with enhanced security!', 30_000);
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '');
    await page.getByTestId('header-banner').waitFor();

    // The new password signs in; the old one does not.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth');
    await signInThroughForm(page, user.email, user.password);
    await expectToast(page, 'Invalid credentials');
    await signInForm(page).getByLabel('Password', { exact: true }).fill(newPassword);
    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('an error in the link shows the expiry message and clears the URL', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    await expectToast(page, 'The password reset link has expired (5 minutes). Please request a new one.');
    await expectToast(page, 'Authentication Error');
    await expect.poll(() => page.evaluate(() => window.location.hash + window.location.search)).toBe('');
    await context.close();
  });

  it('a recovery link with tokens that do not work says so', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth#access_token=not-a-token&refresh_token=nope&type=recovery');
    await expectToast(page, 'Failed to validate reset link. Please try again.');
    await page.getByRole('form', { name: 'Reset Password' }).waitFor();
    await context.close();
  });

  it('a signed-in visitor of /auth goes to /dashboard', async () => {
    const context = await newContext(browser);
    await signedInContextUser(context);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
