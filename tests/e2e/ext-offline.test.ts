import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startStack, type RunningStack } from '../../supabase/local/server.ts';
import { clientFor, STRONG_PASSWORD, uniqueEmail } from '../setup/clients.ts';
import { launchWithExtension, openPopup, type ExtensionBrowser } from './ext/browser.ts';
import { eventually, inWorker, restRows, signInThroughPopup } from './ext/helpers.ts';

/**
 * Offline queue against a stack of its own (the shared test stack must keep running): the options
 * page points the extension at it, the stack is stopped, saves are queued, and once the stack is
 * back on the same port the queue's retry alarm delivers them without anyone clicking anything.
 */
interface Hooks {
  onMenuClicked(info: object, tab?: object): Promise<{ status: string }>;
  queue(): Promise<unknown[]>;
}
type WithHooks = typeof globalThis & { linkvaultTestHooks: Hooks };

const ext = inject('extension');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-offline-stack-'));
// Its own JWT secret, so its anon key differs from the build's: the options page must supply it.
const JWT_SECRET = 'offline-queue-test-secret-0123456789abcdef';
let stack: RunningStack | undefined;
let port = 0;
let browser: ExtensionBrowser;

function start(): Promise<RunningStack> {
  const config = loadConfig(
    { ...process.env, STACK_LOG: 'silent' },
    { port, dataDir, jwtSecret: JWT_SECRET, mailSmtpPort: 0, mailWebPort: 0, logLevel: 'silent', siteUrl: ext.siteUrl },
  );
  return startStack(config, { extraMigrationsDirs: [path.resolve(import.meta.dirname, '..', 'fixtures', 'migrations')] });
}

beforeAll(async () => {
  stack = await start();
  port = Number(new URL(stack.url).port);
  browser = await launchWithExtension(ext.chrome);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('offline queue (Chrome)', () => {
  it('queues saves while the stack is down and delivers them when it is back', { timeout: 150_000 }, async () => {
    const running = stack!;
    const email = uniqueEmail('offline');
    const admin = clientFor(running.url, running.config.serviceRoleKey);
    const created = await admin.auth.admin.createUser({
      email,
      password: STRONG_PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Olivia', last_name: 'Offline' },
    });
    expect(created.error).toBeNull();
    const userId = created.data.user!.id;

    // Options page: this stack's API URL and anon key.
    const options = await browser.context.newPage();
    await options.goto(`${browser.origin}/options.html`);
    await options.getByLabel('API URL').fill(running.url);
    await options.getByLabel('Anon key').fill(running.config.anonKey);
    await options.getByRole('button', { name: 'Save' }).click();
    await options.getByTestId('options-status').waitFor();
    expect(await options.getByTestId('options-status').textContent()).toContain('Settings saved.');
    await options.close();

    await (await signInThroughPopup(browser, email, STRONG_PASSWORD)).close();

    // The stack goes away.
    await running.stop();
    stack = undefined;

    const pageUrl = 'https://example.com/read-later/offline-article';
    const menuSave = await inWorker(
      browser,
      ({ pageUrl }) =>
        (globalThis as WithHooks).linkvaultTestHooks.onMenuClicked(
          { menuItemId: 'linkvault-save-page', pageUrl, editable: false },
          { id: 7, url: pageUrl, title: 'An article to read offline' },
        ),
      { pageUrl },
    );
    expect(menuSave.status).toBe('queued');

    const popup = await openPopup(browser);
    await popup.getByLabel('Title').fill('Saved from the popup while offline');
    await popup.getByLabel('URL').fill('example.com/popup-offline');
    await popup.getByRole('button', { name: 'Add Link' }).click();
    await popup.getByTestId('save-result').waitFor({ timeout: 20_000 });
    expect(await popup.getByTestId('save-result').getAttribute('data-kind')).toBe('queued');
    await eventually(async () => (await popup.getByTestId('queue-count').textContent()) === '2', 5_000, 'popup to count 2 waiting');
    expect(await inWorker(browser, () => (globalThis as WithHooks).linkvaultTestHooks.queue(), null)).toHaveLength(2);

    // Back on the same port: the retry alarm (30 s backoff) sends both, oldest first.
    stack = await start();
    const links = await eventually(
      async () => {
        const rows = await restRows<{ url: string; title: string }>(
          stack!.url,
          stack!.config.serviceRoleKey,
          `links?user_id=eq.${userId}&select=url,title&order=created_at`,
        );
        return rows.length === 2 ? rows : undefined;
      },
      90_000,
      'queued saves to land',
    );
    expect(links).toEqual([
      { url: pageUrl, title: 'An article to read offline' },
      { url: 'https://example.com/popup-offline', title: 'Saved from the popup while offline' },
    ]);
    await eventually(async () => (await popup.getByTestId('queue-notice').count()) === 0, 10_000, 'popup queue notice to go');
    expect(await inWorker(browser, () => (globalThis as WithHooks).linkvaultTestHooks.queue(), null)).toHaveLength(0);
    await popup.close();
  });
});
