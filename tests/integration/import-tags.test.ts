import { describe, expect, it } from 'vitest';
import { loadExportCollection, runImport } from '../../shared/data/import-export/api.ts';
import { listTags } from '../../shared/data/tags/api.ts';
import { parseNetscapeHtml, toNetscapeHtml } from '../../shared/rules/bookmark-html.ts';
import { planImport } from '../../shared/rules/bookmark-import.ts';
import { TAGS_PER_LINK_MAX } from '../../shared/rules/tags.ts';
import { createConfirmedUser, serviceClient } from '../setup/clients.ts';

// Tags through the real import (import_links, then bulk_tag_links) and back out through the export.

async function tagsByUrl(userId: string): Promise<Record<string, string[]>> {
  const { data, error } = await serviceClient().from('links').select('url, link_tags(tags(name))').eq('user_id', userId);
  if (error) throw error;
  const rows = data as unknown as Array<{ url: string; link_tags: Array<{ tags: { name: string } }> }>;
  return Object.fromEntries(rows.map((r) => [r.url, r.link_tags.map((t) => t.tags.name).sort()]));
}

describe('import and export keep tags', () => {
  it('a Netscape file with TAGS gives the links their tags (existing tags reused), and the export writes them back', async () => {
    const user = await createConfirmedUser();
    // An existing tag in another spelling is reused, not doubled.
    const { data: seeded, error } = await user.client
      .from('links')
      .insert({ user_id: user.user.id, title: 'Seed', url: 'https://seed.example/' })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect((await user.client.rpc('set_link_tags', { link_id: seeded!.id, tag_names: ['React'] })).error).toBeNull();

    const file = `<DL><p>
<DT><H3>Dev</H3>
<DL><p>
<DT><A HREF="https://hooks.example/" TAGS="react,frontend">Hooks</A>
<DT><A HREF="https://css.example/" TAGS="frontend,read later">CSS</A>
</DL><p>
<DT><A HREF="https://none.example/">None</A>
</DL><p>`;
    const result = await runImport(user.client, planImport(parseNetscapeHtml(file), ['https://seed.example/']));
    expect(result.status).toBe('done');
    expect(result.inserted).toBe(3);
    expect(result.tagged).toBe(2);
    expect(result.tagFailures).toBe(0);
    expect(await tagsByUrl(user.user.id)).toEqual({
      'https://seed.example/': ['React'],
      'https://hooks.example/': ['React', 'frontend'],
      'https://css.example/': ['frontend', 'read later'],
      'https://none.example/': [],
    });
    expect((await listTags(user.client)).map((t) => [t.name, t.link_count])).toEqual([
      ['frontend', 2],
      ['React', 2],
      ['read later', 1],
    ]);

    // Export → import into another account → the same tags.
    const html = toNetscapeHtml(await loadExportCollection(user.client));
    expect(html).toContain('TAGS="frontend,React"');
    const other = await createConfirmedUser();
    const again = await runImport(other.client, planImport(parseNetscapeHtml(html), []));
    expect(again.status).toBe('done');
    expect(await tagsByUrl(other.user.id)).toEqual(await tagsByUrl(user.user.id));
  });

  it('a link already at the tag limit keeps its tags; the import says how many could not all be added', async () => {
    const user = await createConfirmedUser();
    const names = Array.from({ length: TAGS_PER_LINK_MAX }, (_, i) => `t${i}`);
    const file = `<DL><p><DT><A HREF="https://full.example/" TAGS="${names.join(',')}">Full</A>
<DT><A HREF="https://ok.example/" TAGS="extra">OK</A></DL><p>`;
    const first = await runImport(user.client, planImport(parseNetscapeHtml(file), []));
    expect(first.tagged).toBe(2);
    // The same link again (the server skips it as saved) with one more tag: the link would pass 30,
    // so that tag's call fails whole and the link keeps its 30.
    const more = `<DL><p><DT><A HREF="https://full.example/" TAGS="extra">Full again</A></DL><p>`;
    const plan = planImport(parseNetscapeHtml(more), []);
    const second = await runImport(user.client, plan);
    expect(second.tagFailures).toBe(1);
    expect(second.tagged).toBe(0);
    expect((await tagsByUrl(user.user.id))['https://full.example/']).toHaveLength(TAGS_PER_LINK_MAX);
  });
});
