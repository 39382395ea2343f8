import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { loadExportCollection, runImport } from '../../shared/data/import-export/api.ts';
import { parseNetscapeHtml, toNetscapeHtml } from '../../shared/rules/bookmark-html.ts';
import { planImport } from '../../shared/rules/bookmark-import.ts';
import { clientOptions, createConfirmedUser, serviceClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';

// The import data layer against the real stack: batches, a failure halfway, resume, export.

function bulkFile(count: number): string {
  const lines = ['<DL><p>', '<DT><H3>Top</H3>', '<DL><p>', '<DT><H3>Inner</H3>', '<DL><p>'];
  for (let i = 0; i < count; i++) lines.push(`<DT><A HREF="https://bulk.example/${i}" ADD_DATE="${1_700_000_000 + i}">Item ${i}</A>`);
  lines.push('</DL><p>', '</DL><p>', '</DL><p>');
  return lines.join('\n');
}

async function linkCount(userId: string): Promise<number> {
  const { count, error } = await serviceClient().from('links').select('id', { count: 'exact', head: true }).eq('user_id', userId);
  if (error) throw error;
  return count ?? 0;
}

describe('import data layer', () => {
  it('writes in batches (no per-row requests), reports a failure halfway, and a re-run resumes', async () => {
    const user = await createConfirmedUser();
    const session = (await user.client.auth.getSession()).data.session!;
    const { url, anonKey } = testStack();
    const calls: string[] = [];
    let failNext = false;
    // A client whose network drops the second links batch (the stack itself is untouched).
    const flaky = createClient(url, anonKey, {
      ...clientOptions,
      global: {
        fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
          const target = String(input instanceof Request ? input.url : input);
          if (target.includes('/rest/v1/rpc/')) {
            calls.push(target.slice(target.indexOf('/rpc/') + 5));
            if (target.endsWith('/rpc/import_links') && calls.filter((c) => c === 'import_links').length === 2) failNext = true;
            if (failNext) {
              failNext = false;
              throw new TypeError('fetch failed');
            }
          }
          return fetch(input, init);
        },
      },
    });
    await flaky.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });

    const plan = planImport(parseNetscapeHtml(bulkFile(2500)), []);
    const progress: number[] = [];
    const failed = await runImport(flaky, plan, { onProgress: (p) => progress.push(p.done) });
    expect(failed.status).toBe('failed');
    expect(failed.inserted).toBe(1000);
    expect(failed.notSent).toBe(1500);
    expect(failed.foldersCreated).toBe(2);
    // Two folder levels, then links: one request per batch.
    expect(calls).toEqual(['import_folders', 'import_folders', 'import_links', 'import_links']);
    expect(await linkCount(user.user.id)).toBe(1000);

    const resumed = await runImport(user.client, planImport(parseNetscapeHtml(bulkFile(2500)), []));
    expect(resumed).toMatchObject({ status: 'done', inserted: 1500, skippedByServer: 1000, foldersCreated: 0, foldersUsed: 1, notSent: 0 });
    expect(await linkCount(user.user.id)).toBe(2500);
    expect(progress.at(-1)).toBe(1000);

    // Export reads every page (more than one REST page of 1,000) and keeps the folder tree.
    const collection = await loadExportCollection(user.client);
    expect(collection.links).toHaveLength(2500);
    const reparsed = parseNetscapeHtml(toNetscapeHtml(collection));
    expect(reparsed.entries).toHaveLength(2500);
    expect(new Set(reparsed.entries.map((e) => e.folder.join('/')))).toEqual(new Set(['Top/Inner']));
  }, 120_000);
});
