import { createRequire } from 'node:module';

// supabase-js's realtime client needs a WebSocket; Node 20 has none built in (browsers, Deno and
// extension workers do). Tests never use realtime, but creating a client must not throw.
const g = globalThis as { WebSocket?: unknown };
g.WebSocket ??= createRequire(import.meta.url)('ws');
