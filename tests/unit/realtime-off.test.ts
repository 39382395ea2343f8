import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as stand from '../../shared/data/realtime-off.ts';

// The builds give supabase-js shared/data/realtime-off.ts for @supabase/realtime-js (the app opens
// no Realtime channel). This reads what supabase-js's own build imports from realtime-js and calls
// on its client, so an upgrade of supabase-js that needs more of it fails here, not in a browser.
const repo = path.resolve(import.meta.dirname, '..', '..');
const supabaseJs = fs.readFileSync(path.join(repo, 'node_modules/@supabase/supabase-js/dist/index.mjs'), 'utf8');

describe('the Realtime stand-in', () => {
  it('exports every name supabase-js imports from @supabase/realtime-js', () => {
    const imports = [...supabaseJs.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@supabase\/realtime-js["']/g)].flatMap((m) =>
      m[1]
        .split(',')
        .map((name) => name.trim().split(/\s+as\s+/)[0])
        .filter(Boolean),
    );
    expect(imports).toContain('RealtimeClient');
    for (const name of imports) expect(stand, name).toHaveProperty(name);
  });

  it('has every method supabase-js calls on its realtime client, and setAuth settles', async () => {
    const called = new Set([...supabaseJs.matchAll(/this\.realtime\.(\w+)\(/g)].map((m) => m[1]));
    expect(called).toContain('setAuth');
    const client = new stand.RealtimeClient();
    for (const method of called) expect(typeof (client as unknown as Record<string, unknown>)[method], method).toBe('function');
    await expect(client.setAuth()).resolves.toBeUndefined();
    expect(client.getChannels()).toEqual([]);
    expect(() => client.channel()).toThrow(/Realtime is not part of this app/);
  });

  it('is what the web and extension builds resolve @supabase/realtime-js to', () => {
    for (const config of ['web/vite.config.ts', 'wxt.config.ts']) {
      const source = fs.readFileSync(path.join(repo, config), 'utf8');
      expect(source, config).toMatch(/realtime-js.*\n?.*shared\/data\/realtime-off\.ts/);
    }
  });
});
