import type { Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import { currentWorker, openPopup, type ExtensionBrowser } from './browser.ts';

/** Reads rows through REST with the service-role key (RLS bypassed), to check what really landed. */
export async function restRows<T = Record<string, unknown>>(apiUrl: string, serviceRoleKey: string, pathAndQuery: string): Promise<T[]> {
  const res = await fetch(`${apiUrl}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
  });
  if (!res.ok) throw new Error(`REST ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T[];
}

/** What went wrong last, for a timeout's message: an error's message, anything else as JSON. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : JSON.stringify(error));

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${messageOf(last)}` : ''}`, { cause: last });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs in through the popup's form, as a user would. */
export async function signInThroughPopup(browser: ExtensionBrowser, email: string, password: string): Promise<Page> {
  const popup = await openPopup(browser);
  expect(await popup.getAttribute('body', 'data-ready')).toBe('signed-out');
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password', { exact: true }).fill(password);
  await popup.getByRole('button', { name: 'Sign In' }).click();
  await popup.getByRole('form', { name: 'Save this page' }).waitFor({ timeout: 15_000 });
  return popup;
}

/** Evaluates in the extension's service worker (the current one: MV3 workers restart when idle). */
export async function inWorker<T, A>(browser: ExtensionBrowser, fn: (arg: A) => Promise<T> | T, arg: A): Promise<T> {
  const worker = await currentWorker(browser);
  return (worker.evaluate as (fn: (arg: A) => Promise<T> | T, arg: A) => ReturnType<Worker['evaluate']>)(fn, arg) as Promise<T>;
}

export async function badgeText(browser: ExtensionBrowser): Promise<string> {
  return inWorker(
    browser,
    () => (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }).chrome.action.getBadgeText({}),
    null,
  );
}
