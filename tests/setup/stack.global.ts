import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/server.ts';
import type { TestStack } from './stack-info.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: TestStack;
  }
}

/**
 * One local stack per test run: a random port and a fresh temp data dir. When `npm test` already
 * started one (TEST_STACK in the env), every project reuses it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_STACK) {
    project.provide('stack', JSON.parse(process.env.TEST_STACK) as TestStack);
    return;
  }
  const { stack, info, cleanup } = await startTestStack(SHARED_STACK_ENV);
  project.provide('stack', info);
  return async () => {
    await stack.stop();
    cleanup();
  };
}

/**
 * The stack every test file shares: all requests come from 127.0.0.1, so the per-IP limits (sign-in
 * failures; GoTrue's request rates of /token, /signup and PUT /user, 0 = off) would add up across
 * unrelated files that sign in hundreds of times. tests/integration/auth-throttle.test.ts and
 * auth-flood.test.ts check those limits, with their defaults, on stacks of their own.
 */
export const SHARED_STACK_ENV: NodeJS.ProcessEnv = {
  AUTH_SIGNIN_FAILURES_PER_IP: '100000',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '0',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '0',
};

export async function startTestStack(env: NodeJS.ProcessEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
  const config = loadConfig(
    // LINK_PREVIEW_TEST_ALLOW: test sites on 127.0.0.1; honoured only with FUNCTIONS_TEST_MODE.
    { ...process.env, ...env, STACK_LOG: 'silent', FUNCTIONS_TEST_MODE: 'true', LINK_PREVIEW_TEST_ALLOW: '127.0.0.1,::1' },
    {
      port: 0,
      dataDir,
      mailSmtpPort: 0,
      mailWebPort: 0,
      logLevel: 'silent',
      siteUrl: 'http://127.0.0.1:3999',
      additionalRedirectUrls: ['http://127.0.0.1:*/**', 'http://localhost:*/**', 'chrome-extension://*/**', 'moz-extension://*/**'],
    },
  );
  const stack = await startStack(config, { extraMigrationsDirs: [path.resolve(import.meta.dirname, '..', 'fixtures', 'migrations')] });
  const info: TestStack = {
    url: stack.url,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    jwtSecret: config.jwtSecret,
    mailUrl: stack.mailUrl ?? '',
    dataDir,
  };
  return { stack, info, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
