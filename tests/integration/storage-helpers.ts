import fs from 'node:fs';
import path from 'node:path';
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js';
import { untypedClient } from '../setup/clients.ts';

class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the storage tests');
  }
}
import { testStack } from '../setup/stack-info.ts';
import { mintUserToken } from '../setup/tokens.ts';

/** A supabase-js client that sends `token` (a user's access token, or an API key) on every request. */
export function clientWith(token?: string): SupabaseClient {
  const { url, anonKey } = testStack();
  return untypedClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    // Node 20 has no WebSocket and these tests never open a realtime channel.
    realtime: { transport: NoRealtime as unknown as NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']> },
  });
}

export function newUser(): { sub: string; token: string; client: SupabaseClient } {
  const { sub, token } = mintUserToken();
  return { sub, token, client: clientWith(token) };
}

// Real, minimal image files.
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const JPEG_HEAD = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);
export const HTML_PAGE = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/steal?c="+document.cookie)</script></body></html>');

/** A blob with a declared type that may lie about its bytes. */
export const blobOf = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

export function storageUrl(p: string): string {
  return `${testStack().url}/storage/v1${p}`;
}

/** Every file below the stack's storage folder, relative to it. */
export function filesOnDisk(sub = ''): string[] {
  const root = path.join(testStack().dataDir, 'storage', sub);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}
