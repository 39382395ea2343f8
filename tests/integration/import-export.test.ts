import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../shared/data/database.ts';
import { IMPORT_LINKS_PER_CALL, LINK_QUOTA } from '../../shared/constants.ts';
import { LINK_QUOTA_CODE, LINK_QUOTA_MESSAGE } from '../../shared/rules/link-limits.ts';
import { loadExportCollection, runImport } from '../../shared/data/import-export/api.ts';
import { parseNetscapeHtml, toNetscapeHtml } from '../../shared/rules/bookmark-html.ts';
import { folderPathOf, planImport } from '../../shared/rules/bookmark-import.ts';
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

describe('import RPCs answer bad folder ids with 4xx', () => {
  it("another user's folder (or none) is 404 'Folder not found.', a malformed id 400; never a 500", async () => {
    const [a, b] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    const { data: folders, error } = await a.client.from('categories').select('id').limit(1);
    expect(error).toBeNull();
    const theirs = folders![0].id;
    for (const parent of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const planted = await b.client.rpc('import_folders', { folders: [{ name: 'Planted', parent_id: parent }] });
      expect(planted.status).toBe(404);
      expect(planted.error).toMatchObject({ code: 'PT404', message: 'Folder not found.' });
      const linked = await b.client.rpc('import_links', { links: [{ title: 'x', url: 'https://planted.example/', folder_id: parent }] });
      expect(linked.status).toBe(404);
      expect(linked.error).toMatchObject({ code: 'PT404', message: 'Folder not found.' });
    }
    const malformed = await b.client.rpc('import_folders', { folders: [{ name: 'Bad', parent_id: 'not-a-uuid' }] });
    expect(malformed.status).toBe(400);
    const { count } = await serviceClient().from('categories').select('id', { count: 'exact', head: true }).eq('name', 'Planted');
    expect(count).toBe(0);
  });
});

describe('import data layer', () => {
  it('writes in batches (no per-row requests), reports a failure halfway, and a re-run resumes', async () => {
    const user = await createConfirmedUser();
    const session = (await user.client.auth.getSession()).data.session!;
    const { url, anonKey } = testStack();
    const calls: string[] = [];
    let failNext = false;
    // A client whose network drops the second links batch (the stack itself is untouched).
    const flaky = createClient<Database>(url, anonKey, {
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
    expect(failed.inserted).toBe(IMPORT_LINKS_PER_CALL);
    expect(failed.notSent).toBe(2500 - IMPORT_LINKS_PER_CALL);
    expect(failed.foldersCreated).toBe(2);
    // Two folder levels, then links: one request per batch.
    expect(calls).toEqual(['import_folders', 'import_folders', 'import_links', 'import_links']);
    expect(await linkCount(user.user.id)).toBe(IMPORT_LINKS_PER_CALL);

    const resumed = await runImport(user.client, planImport(parseNetscapeHtml(bulkFile(2500)), []));
    expect(resumed).toMatchObject({
      status: 'done',
      inserted: 2500 - IMPORT_LINKS_PER_CALL,
      skippedByServer: IMPORT_LINKS_PER_CALL,
      foldersCreated: 0,
      foldersUsed: 1,
      notSent: 0,
    });
    expect(await linkCount(user.user.id)).toBe(2500);
    expect(progress.at(-1)).toBe(IMPORT_LINKS_PER_CALL);

    // Export reads every page (more than one REST page of 1,000) and keeps the folder tree.
    const collection = await loadExportCollection(user.client);
    expect(collection.links).toHaveLength(2500);
    const reparsed = parseNetscapeHtml(toNetscapeHtml(collection));
    expect(reparsed.entries).toHaveLength(2500);
    expect(new Set(reparsed.entries.map((e) => folderPathOf(e.folder).join('/')))).toEqual(new Set(['Top/Inner']));
  }, 120_000);

  it('waits when the server paces the import (429) and goes on; stops with the quota message when the account is full', async () => {
    const user = await createConfirmedUser();
    const session = (await user.client.auth.getSession()).data.session!;
    const { url, anonKey } = testStack();
    let paced = 0;
    // The first import_links call is answered as the server answers a spent minute budget.
    const pacedOnce = createClient<Database>(url, anonKey, {
      ...clientOptions,
      global: {
        fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
          const target = String(input instanceof Request ? input.url : input);
          if (target.endsWith('/rpc/import_links') && paced++ === 0) {
            return new Response(
              JSON.stringify({ code: 'PT429', message: 'You are importing too fast.', details: null, hint: 'import_paced' }),
              {
                status: 429,
                headers: { 'Content-Type': 'application/json' },
              },
            );
          }
          return fetch(input, init);
        },
      },
    });
    await pacedOnce.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    const pauses: boolean[] = [];
    const done = await runImport(pacedOnce, planImport(parseNetscapeHtml(bulkFile(30)), []), {
      pacingWaitMs: 50,
      onProgress: (p) => pauses.push(Boolean(p.paused)),
    });
    expect(done).toMatchObject({ status: 'done', inserted: 30 });
    expect(pauses).toContain(true);
    expect(paced).toBe(2);

    // Ten links of room left: ten are imported, the rest is reported with the quota's message.
    const { error } = await serviceClient()
      .from('link_counts')
      .update({ links: LINK_QUOTA - 10 })
      .eq('user_id', user.user.id);
    expect(error).toBeNull();
    const full = await runImport(user.client, planImport(parseNetscapeHtml(bulkFile(60)), []));
    expect(full).toMatchObject({ status: 'failed', inserted: 10, overQuota: 20 });
    expect(full.error).toMatchObject({ code: LINK_QUOTA_CODE, message: LINK_QUOTA_MESSAGE });
  }, 60_000);
});
