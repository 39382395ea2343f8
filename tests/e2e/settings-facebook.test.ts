/**
 * /settings/social-sharing shows 'Connected' once the user has a Facebook identity,
 * through the whole OAuth round trip in the browser. Facebook is the outside world, so it is a small
 * fake on 127.0.0.1 (consent dialog, code exchange, profile), as in tests/integration/auth-own-stack.
 *
 * The shared test stack runs with Facebook off (settings.test.ts checks the "not enabled" error),
 * and the stack reads the provider settings from its own process's environment. So this file starts
 * its own stack with Facebook on, in this worker, and builds the web app against it.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { createClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/lib/build-clients.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { startFakeServer, type FakeServer } from '../fakes/server.ts';
import { SHARED_STACK_ENV, startTestStack } from '../setup/stack.global.ts';
import type { TestStack } from '../setup/stack-info.ts';
import { STRONG_PASSWORD, uniqueEmail } from '../setup/clients.ts';
import { CHROMIUM_ARGS } from './web-browser.ts';
import { AUTH_STORAGE_KEY } from '../../shared/rules/stored-session.ts';
import { chromium } from 'playwright-core';

let browser: Browser;
let facebook: FakeServer;
let stack: { stop(): Promise<void> };
let info: TestStack;
let cleanupStack: () => void;
let web: Server;
let webUrl = '';
let webDir = '';
/** What the fake Facebook answers for the next consent (the profile of the person signing in there). */
let nextProfile: { id: string; name: string; email: string } = { id: '0', name: '', email: '' };
const codes = new Map<string, typeof nextProfile>();

beforeAll(async () => {
  facebook = await startFakeServer((req, res) => {
    if (req.path === '/dialog/oauth') {
      // The person approves: back to the stack's callback with a code.
      const code = `code-${codes.size + 1}`;
      codes.set(code, nextProfile);
      const back = new URL(req.query.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', req.query.get('state')!);
      res.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (req.path === '/oauth/access_token' && req.method === 'POST') {
      const code = new URLSearchParams(req.body).get('code') ?? '';
      if (!codes.has(code))
        return void res
          .writeHead(400, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'Invalid verification code' } }));
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ access_token: `fb-token-${code}`, token_type: 'bearer' }));
      return;
    }
    if (req.path === '/me') {
      const profile = codes.get((req.query.get('access_token') ?? '').replace('fb-token-', ''));
      res
        .writeHead(profile ? 200 : 401, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(profile ?? { error: { message: 'bad token' } }));
      return;
    }
    res.writeHead(404).end();
  });
  // The auth service reads these per request, from this process (where this stack runs).
  process.env.FACEBOOK_AUTH_URL = facebook.url;
  process.env.FACEBOOK_CLIENT_ID = 'e2e-app';
  const started = await startTestStack(SHARED_STACK_ENV);
  stack = started.stack;
  info = started.info;
  cleanupStack = started.cleanup;
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-e2e-fb-'));
  await buildWeb({ supabaseUrl: info.url, anonKey: info.anonKey, siteUrl: 'http://127.0.0.1' }, true, webDir);
  web = await serveStatic(webDir, 0);
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (web) await new Promise((resolve) => web.close(resolve));
  if (webDir) fs.rmSync(webDir, { recursive: true, force: true });
  await stack?.stop();
  cleanupStack?.();
  await facebook?.close();
  delete process.env.FACEBOOK_AUTH_URL;
  delete process.env.FACEBOOK_CLIENT_ID;
});

describe('/settings/social-sharing: Facebook connected', () => {
  it('Connect Facebook goes through Facebook and back; the page then says Connected, and the account has the identity', async () => {
    const admin = createClient(info.url, info.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const email = uniqueEmail('fb-e2e');
    const created = await admin.auth.admin.createUser({
      email,
      password: STRONG_PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Faye', last_name: 'Book' },
    });
    expect(created.error).toBeNull();
    const userClient = createClient(info.url, info.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: signedIn, error } = await userClient.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(error).toBeNull();

    const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 860 }, colorScheme: 'dark' });
    await context.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem('seeded-session')) {
          localStorage.setItem(key, value);
          sessionStorage.setItem('seeded-session', '1');
        }
      },
      [AUTH_STORAGE_KEY, JSON.stringify(signedIn.session)] as const,
    );
    const page = await context.newPage();
    await page.goto('/settings/social-sharing');
    const connect = page.getByRole('button', { name: 'Connect Facebook' });
    await connect.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('facebook-connected').count()).toBe(0);

    // The Facebook account of the same person (same verified address): the stack links it.
    nextProfile = { id: `fb-${Date.now()}`, name: 'Faye Book', email };
    await connect.click();
    // Facebook was asked for the profile (the code exchange happened), then the browser came back here.
    await expect.poll(() => facebook.requests.some((r) => r.path === '/me'), { timeout: 30_000 }).toBe(true);
    await page.waitForURL((url) => url.pathname === '/settings/social-sharing' && url.origin === webUrl, { timeout: 30_000 });
    const connected = page.getByTestId('facebook-connected');
    await connected.waitFor({ timeout: 20_000 });
    expect(await connected.innerText()).toContain('Connected');
    expect(await page.getByRole('button', { name: 'Connect Facebook' }).count()).toBe(0);
    // The tokens the round trip brought back are not left in the address bar.
    await expect.poll(() => page.evaluate(() => window.location.hash), { timeout: 20_000 }).toBe('');
    expect(facebook.requests.some((r) => r.path === '/dialog/oauth' && r.query.get('client_id') === 'e2e-app')).toBe(true);

    // The server side agrees: the account has a facebook identity; the state survives a reload.
    const user = await admin.auth.admin.getUserById(signedIn.user!.id);
    expect(user.data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'facebook']);
    await page.reload();
    await page.getByTestId('facebook-connected').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
