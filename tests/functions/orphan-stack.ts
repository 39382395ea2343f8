// Started as a child process by orphan-workers.test.ts: a stack that boots one function worker,
// prints its own pid and the stack URL, then waits to be killed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-orphan-'));
const config = loadConfig(
  { ...process.env, STACK_LOG: 'silent' },
  { port: 0, dataDir, mailSmtpPort: 0, mailWebPort: 0, logLevel: 'silent', siteUrl: 'http://127.0.0.1:3999' },
);
const stack = await startStack(config);
const res = await fetch(`${stack.url}/functions/v1/api-health`, {
  headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
});
await res.text();
console.log(`READY ${process.pid} ${stack.url} ${dataDir}`);
setInterval(() => undefined, 1 << 30);
