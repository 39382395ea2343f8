import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../../scripts/lib/build-clients.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { webApiRoutes } from '../../scripts/lib/web-api.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the web app built against the test stack and served on a random port. */
    webUrl: string;
  }
}

/**
 * Builds the web app against the test stack (its URL and anon key) into a temp directory and serves
 * it on a random port, like `npm start` does. Runs after stack.global.ts, which provides `stack`.
 */
export default async function setup(project: TestProject) {
  const { stack } = project.getProvidedContext();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-e2e-'));
  // The site URL only feeds canonical links; the pages use their own origin for auth redirects.
  await buildWeb({ supabaseUrl: stack.url, anonKey: stack.anonKey, siteUrl: 'http://127.0.0.1' }, true, outDir);
  // The same /api/* forwarding and POST /share/receive as `npm start`.
  const server = await serveStatic(outDir, 0, '127.0.0.1', { handle: webApiRoutes({ supabaseUrl: stack.url, anonKey: stack.anonKey }) });
  const { port } = server.address() as AddressInfo;
  project.provide('webUrl', `http://127.0.0.1:${port}`);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(outDir, { recursive: true, force: true });
  };
}
