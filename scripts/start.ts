import type http from 'node:http';
import { loadConfig } from '../supabase/local/config.ts';
import { extensionRedirectUrls } from '../shared/extension-identity.ts';
import { startStack } from '../supabase/local/server.ts';
import { serveStatic } from './lib/serve-static.ts';
import { publicPageMeta } from './lib/public-page-meta.ts';
import { buildExtension, buildWeb, clientEnv, repoRoot } from './lib/build-clients.ts';

/**
 * `npm start`: the local stack, the web app built and served for it, the extension built for it.
 * `npm run dev`: the same with Vite's dev server (hot reload) for the web app.
 */
const dev = process.argv.includes('--dev');
const webPort = Number(process.env.WEB_PORT || 3000);
const webUrl = `http://127.0.0.1:${webPort}`;
process.env.SITE_URL ||= webUrl;
// Only this product's own extension (its fixed id; more ids in EXTENSION_IDS), never any extension:
// a recovery link must not carry tokens to someone else's extension (issue 19).
process.env.ADDITIONAL_REDIRECT_URLS ||= extensionRedirectUrls((process.env.EXTENSION_IDS ?? '').split(',').map((s) => s.trim())).join(',');

const config = loadConfig();
const stack = await startStack(config);
const env = { supabaseUrl: stack.url, anonKey: config.anonKey, siteUrl: webUrl };
const closers: (() => Promise<unknown>)[] = [];

try {
  if (dev) {
    const { createServer } = await import('vite');
    Object.assign(process.env, clientEnv(env));
    const vite = await createServer({ configFile: `${repoRoot}/web/vite.config.ts`, server: { port: webPort } });
    await vite.listen();
    closers.push(() => vite.close());
  } else {
    console.log('Building the web app...');
    const dist = await buildWeb(env, true, process.env.WEB_OUT_DIR || undefined);
    const transformIndex = publicPageMeta({ supabaseUrl: stack.url, anonKey: config.anonKey, siteUrl: webUrl });
    const server: http.Server = await serveStatic(dist, webPort, undefined, { transformIndex });
    closers.push(() => new Promise((r) => server.close(r)));
  }
  console.log('Building the extension for Chrome and Firefox...');
  const ext = await buildExtension(env, { quiet: true, outDir: process.env.WXT_OUT_DIR || undefined });
  console.log(`
LinkVault is running
  Web app:          ${webUrl}${dev ? '   (hot reload)' : ''}
  API URL:          ${stack.url}
  Mail catcher:     ${stack.mailUrl ?? `(SMTP ${config.smtp.host}:${config.smtp.port})`}
  anon key:         ${config.anonKey}
  service_role key: ${config.serviceRoleKey}   (server-side only)
  Database:         ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}
  Extension:        Chrome  ${ext.chrome}  (chrome://extensions → Load unpacked)
                    Firefox ${ext.firefox}  (about:debugging → Load Temporary Add-on → manifest.json)
Press Ctrl-C to stop.`);
} catch (e) {
  console.error((e as Error).message);
  await stack.stop();
  process.exit(1);
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  for (const close of closers) await close().catch(() => undefined);
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
