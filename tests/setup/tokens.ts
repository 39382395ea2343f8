import { randomUUID } from 'node:crypto';
import { signJwt } from '../../supabase/local/jwt.ts';
import { testStack } from './stack-info.ts';

/** An access token as GoTrue would issue it, minted directly with the stack's secret (for tests that need no real account). */
export function mintUserToken(opts: { sub?: string; email?: string; role?: string; expiresIn?: number } = {}): {
  token: string;
  sub: string;
} {
  const { jwtSecret } = testStack();
  const sub = opts.sub ?? randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const token = signJwt(
    {
      aud: 'authenticated',
      sub,
      email: opts.email ?? `${sub.slice(0, 8)}@example.test`,
      role: opts.role ?? 'authenticated',
      iat: now,
      exp: now + (opts.expiresIn ?? 3600),
      app_metadata: {},
      user_metadata: {},
    },
    jwtSecret,
  );
  return { token, sub };
}
