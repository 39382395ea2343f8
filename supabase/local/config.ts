import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { signJwt } from './jwt.ts';

/** Supabase's documented local-development secret: fine on a laptop, never in production. */
const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface StackConfig {
  host: string;
  port: number;
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  publicUrl: string;
  dataDir: string;
  /** When set, a real PostgreSQL server is used instead of embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite runs: its own worker thread (default) or the stack's thread (PGLITE_THREAD=main). */
  pgliteThread: 'worker' | 'main';
  jwtSecret: string;
  jwtExpiry: number;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  additionalRedirectUrls: string[];
  autoconfirm: boolean;
  /**
   * GoTrue's secure e-mail change (supabase/config.toml [auth.email] double_confirm_changes, default
   * on): PUT /user {email} e-mails a link to the current address too, and both must be followed.
   */
  doubleConfirmChanges: boolean;
  smtp: { host?: string; port?: number; user?: string; pass?: string; sender: string };
  /** Port of the built-in mail catcher's SMTP listener (0 = random); used when SMTP_HOST is unset. */
  mailSmtpPort: number;
  /** Port of the built-in mail catcher's web UI and JSON API (0 = random). */
  mailWebPort: number;
  migrationsDir: string;
  seedFile: string;
  functionsDir: string;
  /** Extra env passed to edge functions (OPENAI_BASE_URL, HIBP_URL, ...). */
  functionEnv: Record<string, string>;
  /** Largest JSON body accepted by REST/auth/functions. */
  maxJsonBody: number;
  /** Largest upload accepted by storage before bucket limits apply. */
  maxUploadBody: number;
  /** What one REST request may cost (so one request cannot hold the stack): see RestLimits. */
  rest: RestLimits;
  /** Failed password sign-ins allowed per account and per IP within the window (auth/throttle.ts). */
  signInLimits: { perAccount: number; perIp: number; windowMs: number };
  /**
   * GoTrue's per-IP request rate limits (auth/throttle.ts RateBuckets), per 5 minutes with a burst:
   * `token` for POST /token (every grant), `signInSignUps` for POST /signup and PUT /user
   * (supabase/config.toml [auth.rate_limit] token_refresh and sign_in_sign_ups). 0 turns one off.
   */
  authRateLimits: { token: number; signInSignUps: number; burst: number };
  /** Worker threads that hash and compare passwords (auth/hash-pool.ts). */
  hashThreads: number;
  /** GoTrue's password rule for sign-up and PUT /user (supabase/config.toml [auth]). */
  passwordPolicy: { minLength: number; requirements: PasswordRequirements };
  /** Test hook: the clock used by auth and functions (ms since epoch). */
  now: () => number;
  logLevel: 'silent' | 'info' | 'debug';
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * Limits of one REST request, so no caller can stall the one database everybody shares.
 * maxRows is PostgREST's db-max-rows (supabase/config.toml [api] max_rows): the most rows of the
 * top level and of each embedded list per parent. The rest exist only locally (hosted Supabase
 * relies on its statement timeout): embeds nest at most maxEmbedDepth deep, one response builds at
 * most maxResponseRows rows over all levels and at most maxResponseBytes of JSON; statements stop
 * after timeoutMs (anon 3 s, authenticated 8 s, as hosted Supabase's role settings).
 */
export interface RestLimits {
  maxRows: number;
  maxEmbedDepth: number;
  maxResponseRows: number;
  maxResponseBytes: number;
  timeoutMs: { anon: number; authenticated: number; service_role: number };
}

/** One `key = value` (a number or a "string") of a section of supabase/config.toml (a tiny reader: the file is ours and flat). */
function configTomlValue(section: string, key: string, file = path.join(repoRoot, 'supabase', 'config.toml')): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const escaped = section.replace(/[.[\]]/g, '\\$&');
  const body = new RegExp(`^\\[${escaped}\\]\\s*$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(text)?.[1] ?? '';
  const m = new RegExp(`^\\s*${key}\\s*=\\s*(?:"([^"]*)"|(\\d+|true|false))\\s*(?:#.*)?$`, 'm').exec(body);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** `[auth.rate_limit]` of supabase/config.toml (GoTrue's rates per 5 minutes per IP), with GoTrue's defaults. */
function configTomlAuthRateLimits(file?: string): { tokenRefresh: number; signInSignUps: number } {
  const token = configTomlValue('auth.rate_limit', 'token_refresh', file);
  const signIn = configTomlValue('auth.rate_limit', 'sign_in_sign_ups', file);
  return { tokenRefresh: token === undefined ? 150 : Number(token), signInSignUps: signIn === undefined ? 30 : Number(signIn) };
}

/** `[api] max_rows` of supabase/config.toml. */
export function configTomlMaxRows(file?: string): number | undefined {
  const v = configTomlValue('api', 'max_rows', file);
  return v === undefined ? undefined : Number(v);
}

/** GoTrue's password_requirements values. */
export type PasswordRequirements = '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols';

/** `[auth] minimum_password_length` and `password_requirements` of supabase/config.toml, as GoTrue applies them. */
function configTomlPasswordPolicy(file?: string): { minLength: number; requirements: PasswordRequirements } {
  const min = configTomlValue('auth', 'minimum_password_length', file);
  const req = configTomlValue('auth', 'password_requirements', file) ?? '';
  const known: PasswordRequirements[] = ['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'];
  return {
    minLength: min === undefined ? 6 : Number(min),
    requirements: known.includes(req as PasswordRequirements) ? (req as PasswordRequirements) : '',
  };
}

function int(v: string | undefined, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${v}"`);
  return n;
}

/** Keys as self-hosted Supabase makes them: HS256 JWTs whose only meaningful claim is the role. */
function makeApiKeys(secret: string): { anonKey: string; serviceRoleKey: string } {
  // exp 2032-11-12, iss supabase-demo: the same claims as Supabase's documented demo keys.
  return {
    anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, secret),
    serviceRoleKey: signJwt({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, secret),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<StackConfig> = {}): StackConfig {
  const host = env.STACK_HOST || '127.0.0.1';
  const port = overrides.port ?? int(env.STACK_PORT, 54321);
  const jwtSecret = overrides.jwtSecret ?? (env.JWT_SECRET || DEFAULT_JWT_SECRET);
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const keys = makeApiKeys(jwtSecret);
  const webPort = int(env.WEB_PORT, 3000);
  const siteUrl = env.SITE_URL || `http://127.0.0.1:${webPort}`;
  const functionEnv: Record<string, string> = {};
  for (const name of [
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
    'AI_MODEL',
    'HIBP_URL',
    'INSTAGRAM_OEMBED_URL',
    'INSTAGRAM_OEMBED_TOKEN',
    'TIKTOK_OEMBED_URL',
    'BRAND_NAME',
    'SITE_URL',
    'FUNCTIONS_TEST_MODE',
    'LINK_PREVIEW_TEST_ALLOW',
  ]) {
    if (env[name]) functionEnv[name] = env[name];
  }
  functionEnv.SITE_URL ??= siteUrl;
  const cfg: StackConfig = {
    host,
    port,
    publicUrl: env.API_EXTERNAL_URL || `http://${host}:${port}`,
    dataDir: path.resolve(env.STACK_DATA_DIR || path.join(repoRoot, '.supabase', 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteThread: env.PGLITE_THREAD === 'main' ? 'main' : 'worker',
    jwtSecret,
    jwtExpiry: int(env.JWT_EXPIRY, 3600),
    anonKey: env.ANON_KEY || keys.anonKey,
    serviceRoleKey: env.SERVICE_ROLE_KEY || keys.serviceRoleKey,
    siteUrl,
    additionalRedirectUrls: (env.ADDITIONAL_REDIRECT_URLS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    autoconfirm: env.AUTH_AUTOCONFIRM === 'true',
    doubleConfirmChanges:
      (env.GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED ?? configTomlValue('auth.email', 'double_confirm_changes') ?? 'true') !== 'false',
    smtp: {
      host: env.SMTP_HOST || undefined,
      port: env.SMTP_PORT ? int(env.SMTP_PORT, 465) : undefined,
      user: env.SMTP_USER || undefined,
      pass: env.SMTP_PASS || undefined,
      sender: env.SMTP_SENDER || 'no-reply@linkvault.local',
    },
    mailSmtpPort: int(env.MAIL_SMTP_PORT, 54325),
    mailWebPort: int(env.MAIL_WEB_PORT, 54324),
    migrationsDir: path.join(repoRoot, 'supabase', 'migrations'),
    seedFile: path.join(repoRoot, 'supabase', 'seed.sql'),
    functionsDir: path.join(repoRoot, 'supabase', 'functions'),
    functionEnv,
    maxJsonBody: int(env.MAX_JSON_BODY, 1024 * 1024),
    maxUploadBody: int(env.MAX_UPLOAD_BODY, 50 * 1024 * 1024),
    signInLimits: {
      perAccount: int(env.AUTH_SIGNIN_FAILURES_PER_ACCOUNT, 10),
      perIp: int(env.AUTH_SIGNIN_FAILURES_PER_IP, 30),
      windowMs: int(env.AUTH_SIGNIN_WINDOW_MS, 5 * 60_000),
    },
    authRateLimits: (() => {
      const fromToml = configTomlAuthRateLimits();
      return {
        token: int(env.AUTH_RATE_LIMIT_TOKEN_REFRESH, fromToml.tokenRefresh),
        signInSignUps: int(env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS, fromToml.signInSignUps),
        burst: Math.max(1, int(env.AUTH_RATE_LIMIT_BURST, 30)),
      };
    })(),
    // Every core but one (HTTP and PGlite's thread keep it), at least one, at most two.
    hashThreads: Math.max(1, int(env.AUTH_HASH_THREADS, Math.max(1, Math.min(2, os.availableParallelism() - 1)))),
    passwordPolicy: (() => {
      const fromToml = configTomlPasswordPolicy();
      return {
        minLength: int(env.GOTRUE_PASSWORD_MIN_LENGTH, fromToml.minLength),
        requirements: (env.GOTRUE_PASSWORD_REQUIRED_CHARACTERS as PasswordRequirements | undefined) ?? fromToml.requirements,
      };
    })(),
    rest: {
      maxRows: int(env.PGRST_DB_MAX_ROWS, configTomlMaxRows() ?? 1000),
      maxEmbedDepth: int(env.REST_MAX_EMBED_DEPTH, 3),
      maxResponseRows: int(env.REST_MAX_RESPONSE_ROWS, 20_000),
      maxResponseBytes: int(env.REST_MAX_RESPONSE_BYTES, 8 * 1024 * 1024),
      timeoutMs: {
        anon: int(env.REST_ANON_TIMEOUT_MS, 3000),
        authenticated: int(env.REST_AUTHENTICATED_TIMEOUT_MS, 8000),
        service_role: int(env.REST_SERVICE_ROLE_TIMEOUT_MS, 0),
      },
    },
    now: () => Date.now(),
    logLevel: (env.STACK_LOG as StackConfig['logLevel']) || 'info',
    ...overrides,
  };
  if (overrides.port !== undefined && !overrides.publicUrl && !env.API_EXTERNAL_URL) cfg.publicUrl = `http://${host}:${cfg.port}`;
  return cfg;
}
