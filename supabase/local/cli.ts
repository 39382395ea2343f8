import { loadConfig } from './config.ts';
import { startStack } from './server.ts';

/** `npm run stack`: the local Supabase-compatible stack alone. */
const config = loadConfig();
const stack = await startStack(config, { notificationDrainMs: Number(process.env.NOTIFICATIONS_DRAIN_MS ?? 30_000) });
console.log(`
Local stack running
  API URL:          ${stack.url}
  REST:             ${stack.url}/rest/v1
  Auth:             ${stack.url}/auth/v1
  Storage:          ${stack.url}/storage/v1
  Functions:        ${stack.url}/functions/v1
  Mail catcher:     ${stack.mailUrl ?? `(SMTP ${config.smtp.host}:${config.smtp.port})`}
  Database:         ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}
  anon key:         ${config.anonKey}
  service_role key: ${config.serviceRoleKey}   (server-side only; never ship it to a browser)
  JWT secret:       ${config.jwtSecret === 'super-secret-jwt-token-with-at-least-32-characters-long' ? '(local default)' : '(from JWT_SECRET)'}
`);
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping local stack...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
