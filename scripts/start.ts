import type http from 'node:http';
import { loadConfig } from '../supabase/local/config.ts';
import { extensionRedirectUrls } from '../shared/extension-identity.ts';
import { startStack } from '../supabase/local/server.ts';
import { serveStatic } from './lib/serve-static.ts';
import { publicPageMeta } from './lib/public-page-meta.ts';
import { webApiRoutes } from './lib/web-api.ts';
import path from 'node:path';
import { buildExtension, buildWeb, clientEnv, repoRoot } from './lib/build-clients.ts';
import { cachedBuild, EXTENSION_INPUTS, WEB_INPUTS } from './lib/build-cache.ts';

/**
 * `npm start`: the local stack, the web app built and served for it, the extension built for it.
 * `npm run dev`: the same with Vite's dev server (hot reload) for the web app.
 */
const dev = process.argv.includes('--dev');
const webPort = Number(process.env.WEB_PORT || 3000);
const webUrl = `http://127.0.0.1:${webPort}`;
process.env.SITE_URL ||= webUrl;
// Only this product's own extension (its fixed id; more ids in EXTENSION_IDS), never any extension:
// a recovery link must not carry tokens to someone else's extension.
process.env.ADDITIONAL_REDIRECT_URLS ||= extensionRedirectUrls((process.env.EXTENSION_IDS ?? '').split(',').map((s) => s.trim())).join(',');

const config = loadConfig();
const stack = await startStack(config, { notificationDrainMs: Number(process.env.NOTIFICATIONS_DRAIN_MS ?? 30_000) });
const env = { supabaseUrl: stack.url, anonKey: config.anonKey, siteUrl: webUrl };
const closers: (() => Promise<unknown>)[] = [];
/** Build-time variables a client build can read besides `env` (Vite exposes VITE_*). */
const buildVars = Object.fromEntries(
  Object.entries(process.env)
    .filter(([key]) => key.startsWith('VITE_'))
    .sort(),
);

try {
  if (dev) {
    const { createServer } = await import('vite');
    Object.assign(process.env, clientEnv(env));
    const vite = await createServer({ configFile: `${repoRoot}/web/vite.config.ts`, server: { port: webPort } });
    await vite.listen();
    closers.push(() => vite.close());
  } else {
    // A second start reuses the previous build when nothing it reads changed: starting stays fast.
    const dist = path.resolve(process.env.WEB_OUT_DIR || path.join(repoRoot, 'web', 'dist'));
    console.log('Web app: checking the previous build...');
    const web = await cachedBuild({
      root: repoRoot,
      inputs: WEB_INPUTS,
      settings: { ...env, buildVars, target: 'web' },
      stampDir: dist,
      products: [path.join(dist, 'index.html')],
      build: () => {
        console.log('Building the web app...');
        return buildWeb(env, true, dist);
      },
    });
    console.log(web.rebuilt ? `Web app: rebuilt (${web.reason}).` : 'Web app: reused the previous build (inputs unchanged).');
    const server: http.Server = await serveStatic(dist, webPort, undefined, {
      transformIndex: publicPageMeta({ supabaseUrl: stack.url, anonKey: config.anonKey, siteUrl: webUrl }),
      handle: webApiRoutes({ supabaseUrl: stack.url, anonKey: config.anonKey }),
    });
    closers.push(() => new Promise((r) => server.close(r)));
  }
  const extOut = path.resolve(process.env.WXT_OUT_DIR || path.join(repoRoot, '.output'));
  const ext = { chrome: path.join(extOut, 'chrome-mv3'), firefox: path.join(extOut, 'firefox-mv3') };
  const extension = await cachedBuild({
    root: repoRoot,
    inputs: EXTENSION_INPUTS,
    settings: { ...env, buildVars, target: 'extension' },
    stampDir: extOut,
    products: [path.join(ext.chrome, 'manifest.json'), path.join(ext.firefox, 'manifest.json')],
    build: () => {
      console.log('Building the extension for Chrome and Firefox...');
      return buildExtension(env, { quiet: true, outDir: extOut });
    },
  });
  console.log(
    extension.rebuilt ? `Extensions: rebuilt (${extension.reason}).` : 'Extensions: reused the previous builds (inputs unchanged).',
  );
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
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
