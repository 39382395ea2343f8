import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service, StackContext } from '../types.ts';
import { HttpError, sendJson } from '../http.ts';
import { authError } from './errors.ts';
import { EmailRateLimiter } from './mail.ts';
import { createHashPool } from './hash-pool.ts';
import { FailureWindow, RateBuckets } from './throttle.ts';
import { AuthRequest, type AuthContext } from './request.ts';
import { ensureAuthSchema } from './schema.ts';
import * as admin from './routes/admin.ts';
import { challenge, enroll, unenroll, verify } from './routes/factors.ts';
import { authorize, authorizeLink, callback, isProviderEnabled, unlinkIdentity } from './routes/oauth.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, logout, recover, resend, updateUser } from './routes/user.ts';
import { verifyLink, verifyOtp } from './routes/verify.ts';

type Handler = (r: AuthRequest, param: string) => void | Promise<void>;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  /** Browser navigations (e-mail links, OAuth) pass the gateway without an apikey, as on hosted Supabase. */
  open?: boolean;
}

const health: Handler = (r) =>
  r.json(200, { version: 'v2.170.0-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });

const settings: Handler = (r) =>
  r.json(200, {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: isProviderEnabled('facebook'),
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      linkedin_oidc: false,
      phone: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    },
    disable_signup: false,
    mailer_autoconfirm: r.config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });

const UUIDISH = '([^/]+)';
const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/health$/, handler: health },
  { method: 'GET', pattern: /^\/settings$/, handler: settings },
  { method: 'GET', pattern: /^\/\.well-known\/jwks\.json$/, handler: (r) => r.json(200, { keys: [] }) },
  { method: 'POST', pattern: /^\/signup$/, handler: signup },
  { method: 'POST', pattern: /^\/token$/, handler: token },
  { method: 'GET', pattern: /^\/verify$/, handler: verifyLink, open: true },
  { method: 'POST', pattern: /^\/verify$/, handler: verifyOtp },
  { method: 'GET', pattern: /^\/user$/, handler: getUser },
  { method: 'PUT', pattern: /^\/user$/, handler: updateUser },
  { method: 'POST', pattern: /^\/logout$/, handler: logout },
  { method: 'POST', pattern: /^\/recover$/, handler: recover },
  { method: 'POST', pattern: /^\/resend$/, handler: resend },
  { method: 'GET', pattern: /^\/authorize$/, handler: authorize, open: true },
  { method: 'GET', pattern: /^\/callback$/, handler: callback, open: true },
  { method: 'GET', pattern: /^\/user\/identities\/authorize$/, handler: authorizeLink },
  { method: 'DELETE', pattern: new RegExp(`^/user/identities/${UUIDISH}$`), handler: unlinkIdentity },
  { method: 'POST', pattern: /^\/factors$/, handler: enroll },
  { method: 'POST', pattern: new RegExp(`^/factors/${UUIDISH}/challenge$`), handler: challenge },
  { method: 'POST', pattern: new RegExp(`^/factors/${UUIDISH}/verify$`), handler: verify },
  { method: 'DELETE', pattern: new RegExp(`^/factors/${UUIDISH}$`), handler: unenroll },
  { method: 'GET', pattern: /^\/admin\/users$/, handler: admin.listUsers },
  { method: 'POST', pattern: /^\/admin\/users$/, handler: admin.createUser },
  { method: 'GET', pattern: new RegExp(`^/admin/users/${UUIDISH}$`), handler: admin.getUserById },
  { method: 'PUT', pattern: new RegExp(`^/admin/users/${UUIDISH}$`), handler: admin.updateUserById },
  { method: 'DELETE', pattern: new RegExp(`^/admin/users/${UUIDISH}$`), handler: admin.deleteUser },
  { method: 'POST', pattern: /^\/admin\/generate_link$/, handler: admin.generateLink },
];

/** GoTrue-compatible auth at /auth/v1: see ./routes for each endpoint. */
export async function createAuthService(ctx: StackContext): Promise<Service> {
  await ensureAuthSchema(ctx.db);
  const auth: AuthContext = {
    stack: ctx,
    emailLimiter: new EmailRateLimiter(),
    otpFailures: new Map(),
    signInFailures: new FailureWindow(),
    rateLimits: {
      token: new RateBuckets(() => ({ perFiveMinutes: ctx.config.authRateLimits.token, burst: ctx.config.authRateLimits.burst })),
      signup: new RateBuckets(() => ({ perFiveMinutes: ctx.config.authRateLimits.signInSignUps, burst: ctx.config.authRateLimits.burst })),
      user: new RateBuckets(() => ({ perFiveMinutes: ctx.config.authRateLimits.signInSignUps, burst: ctx.config.authRateLimits.burst })),
    },
    hasher: createHashPool(ctx.config.hashThreads),
  };

  async function dispatch(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const r = new AuthRequest(auth, req, res, url);
    const matching = ROUTES.filter((route) => route.pattern.test(path));
    if (matching.length === 0) throw authError(404, 'not_found', 'Not Found');
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const route = matching.find((m) => m.method === method);
    if (!route)
      throw authError(405, 'method_not_allowed', `Method ${method} not allowed`, {}, { Allow: matching.map((m) => m.method).join(', ') });
    if (!route.open) r.requireApiKey();
    const param = decodeURIComponent(route.pattern.exec(path)?.[1] ?? '');
    await route.handler(r, param);
  }

  return {
    close: () => auth.hasher.close(),
    async handle(req, res, path, url) {
      try {
        await dispatch(req, res, path, url);
      } catch (e) {
        if (e instanceof HttpError) {
          sendJson(res, e.status, e.body, e.headers);
          return;
        }
        if (e instanceof URIError) {
          sendJson(res, 400, { code: 400, error_code: 'validation_failed', msg: 'Malformed URL' });
          return;
        }
        ctx.log(`auth: unexpected error on ${req.method} ${url.pathname}: ${(e as Error)?.stack ?? String(e)}`);
        sendJson(res, 500, {
          code: 500,
          error_code: 'unexpected_failure',
          msg: 'Unexpected failure, please check server logs for more information',
        });
      }
    },
  };
}
