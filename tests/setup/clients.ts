import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type SupabaseClientOptions, type User } from '@supabase/supabase-js';
import type { Database } from '../../shared/data/database.ts';
import { testStack } from './stack-info.ts';

/**
 * Shared helpers for integration tests: real supabase-js clients against the test stack, real
 * accounts, and the mail catcher. Nothing here reaches into the database directly. The clients are
 * typed by the schema (shared/data/database.ts, as the data layer's); {@link untypedClient} is the
 * one exception, for names the schema does not have.
 */

/**
 * Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly, so it needs a
 * transport. The local stack has no realtime service; this one refuses to connect if ever used.
 */
class NoRealtimeSocket {
  constructor() {
    throw new Error('The local stack has no realtime service');
  }
}

type ClientOptions = SupabaseClientOptions<'public'>;
/** A client typed by the schema (shared/data/database.ts), as the data layer's: tables, columns and RPCs are checked. */
export type TestClient = SupabaseClient<Database>;
/** Options for a supabase-js client in tests: no persisted session, no auto refresh, no realtime. */
export const clientOptions: ClientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NoRealtimeSocket as unknown as NonNullable<NonNullable<ClientOptions['realtime']>['transport']> },
};

/** The Database a plain `SupabaseClient` has: any table, any column, any function. */
type UntypedDatabase = SupabaseClient extends SupabaseClient<infer D> ? D : never;

/**
 * An untyped client, for what the schema's types cannot name: the test fixtures' tables
 * (tests/fixtures/migrations: t_items, t_secrets, ...) and tables picked at run time (a loop over
 * every table that holds a user's rows). Every other test uses the typed clients.
 */
export function untypedClient(url: string, key: string, options: ClientOptions = clientOptions): SupabaseClient {
  return createClient<UntypedDatabase, 'public'>(url, key, options);
}

/** A client for any stack (a test that starts its own); `auth` options are merged in (e.g. flowType). */
export function clientFor(url: string, key: string, auth: ClientOptions['auth'] = {}): TestClient {
  return createClient<Database>(url, key, { ...clientOptions, auth: { ...clientOptions.auth, ...auth } });
}

/** A signed-out client with the anon key (what a browser starts with). */
export function anonClient(auth: ClientOptions['auth'] = {}): TestClient {
  const { url, anonKey } = testStack();
  return clientFor(url, anonKey, auth);
}

/** A client with the service-role key (admin API, RLS bypassed). Never share a session. */
export function serviceClient(): TestClient {
  const { url, serviceRoleKey } = testStack();
  return clientFor(url, serviceRoleKey);
}

/** A unique address for one test (the catcher filters by recipient). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

/** A password that satisfies the product's policy (12+ chars, all four classes). */
export const STRONG_PASSWORD = 'Sturdy-Passw0rd!';

export interface ConfirmedUser {
  /** A supabase-js client signed in as the user (session kept in memory). */
  client: TestClient;
  user: User;
  email: string;
  password: string;
  accessToken: string;
}

/**
 * Creates a confirmed account through the admin API (with first_name/last_name metadata, as the
 * sign-up form sends), then signs in with the password through a fresh anon client.
 */
export async function createConfirmedUser(
  opts: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<ConfirmedUser> {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? STRONG_PASSWORD;
  const created = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: opts.firstName ?? 'Test', last_name: opts.lastName ?? 'User' },
  });
  if (created.error) throw new Error(`createConfirmedUser: ${created.error.message}`);
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`createConfirmedUser sign-in: ${error?.message ?? 'no session'}`);
  return { client, user: data.user, email, password, accessToken: data.session.access_token };
}

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  receivedAt: string;
}

/** All messages to `to`, newest first (from the test stack's catcher unless `mailUrl` is given). */
export async function mailsTo(to: string, mailUrl: string = testStack().mailUrl): Promise<CaughtMail[]> {
  const res = await fetch(`${mailUrl}/api/messages?to=${encodeURIComponent(to.toLowerCase())}`);
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

/**
 * The newest message to `to`, waiting until one arrives (optionally: one whose subject contains
 * `subject`, or newer than `after` — an id or a message seen before).
 */
export async function latestMail(
  to: string,
  opts: { timeoutMs?: number; subject?: string; after?: CaughtMail | string; mailUrl?: string } = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  const afterId = typeof opts.after === 'string' ? opts.after : opts.after?.id;
  for (;;) {
    const mails = await mailsTo(to, opts.mailUrl ?? testStack().mailUrl);
    const hit = mails.find((m) => (!opts.subject || m.subject.includes(opts.subject)) && (!afterId || Number(m.id) > Number(afterId)));
    if (hit) return hit;
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${to}${opts.subject ? ` with subject "${opts.subject}"` : ''} within ${opts.timeoutMs ?? 30_000} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first http(s) link in an e-mail body (the verify link auth sends). */
export function extractLink(text: string): string {
  const m = /https?:\/\/[^\s"'<>)]+/.exec(text);
  if (!m) throw new Error(`No link in: ${text.slice(0, 200)}`);
  return m[0].replace(/&amp;/g, '&');
}

/** The parameters in a URL's fragment (`#access_token=...&type=...`). */
export function hashParams(location: string): Record<string, string> {
  const hash = new URL(location).hash.replace(/^#/, '');
  return Object.fromEntries(new URLSearchParams(hash));
}

/** Follows an e-mailed link without following the redirect; returns the Location header. */
export async function followLink(link: string): Promise<{ status: number; location: string }> {
  const res = await fetch(link, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}
