import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildExtension } from '../../scripts/lib/build-clients.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The extension built against the test stack: unpacked Chrome (MV3) and Firefox directories. */
    extension: { chrome: string; firefox: string; siteUrl: string };
  }
}

/**
 * Builds the extension for Chrome and Firefox against the test stack (its URL and anon key) into a
 * temp directory, as `npm start` builds it for the local stack. Runs after stack.global.ts (and
 * web.global.ts, whose web app is the dashboard the extension links to).
 */
export default async function setup(project: TestProject) {
  const context = project.getProvidedContext();
  const siteUrl = context.webUrl || 'http://127.0.0.1:3999';
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-e2e-'));
  const dirs = await buildExtension(
    { supabaseUrl: context.stack.url, anonKey: context.stack.anonKey, siteUrl },
    { quiet: true, outDir, testHooks: true },
  );
  project.provide('extension', { ...dirs, siteUrl });
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
