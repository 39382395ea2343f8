import { describe, expect, it } from 'vitest';
import { parseBookmarkCsv, toBookmarkCsv } from '../../shared/rules/bookmark-csv.ts';
import type { ExportCollection } from '../../shared/rules/bookmark-export.ts';
import { parseNetscapeHtml, toNetscapeHtml } from '../../shared/rules/bookmark-html.ts';
import { planImport, type ParsedCollection } from '../../shared/rules/bookmark-import.ts';
import { parseBookmarkJson, toBookmarkJson } from '../../shared/rules/bookmark-json.ts';

// Tags go out with every export format and come back in with every import (export → import → same tags).

const collection: ExportCollection = {
  folders: [{ id: 'f1', name: 'Work', parent_id: null }],
  links: [
    {
      title: 'Hooks',
      url: 'https://hooks.example/',
      description: null,
      folder_id: 'f1',
      created_at: '2025-01-02T03:04:05Z',
      tags: ['frontend', 'read later', 'React'],
    },
    // '-x' and '=sum' start like formulas: the CSV guard must not change them on the way back.
    {
      title: 'Sheet',
      url: 'https://sheet.example/',
      description: 'd',
      folder_id: null,
      created_at: '2025-01-01T00:00:00Z',
      tags: ['-x', '=sum', 'café & co <b>'],
    },
    { title: 'Plain', url: 'https://plain.example/', description: null, folder_id: null, created_at: '2025-01-01T00:00:00Z', tags: [] },
  ],
};

const tagsByUrl = (parsed: ParsedCollection) => Object.fromEntries(planImport(parsed, []).links.map((l) => [l.url, l.tags]));
const expected = {
  'https://hooks.example/': ['frontend', 'read later', 'React'],
  'https://sheet.example/': ['-x', '=sum', 'café & co <b>'],
  'https://plain.example/': [],
};

describe('tags in exports and imports', () => {
  it('Netscape HTML: TAGS="a,b" round-trips', () => {
    const html = toNetscapeHtml(collection);
    expect(html).toContain('TAGS="frontend,read later,React"');
    expect(html).not.toContain('<b>'); // escaped
    expect(tagsByUrl(parseNetscapeHtml(html))).toEqual(expected);
  });

  it('CSV: a tags column round-trips', () => {
    const csv = toBookmarkCsv(collection);
    expect(csv.split('\r\n')[0]).toBe('title,url,description,folder,created,updated,access_count,share_count,tags');
    expect(tagsByUrl(parseBookmarkCsv(csv))).toEqual(expected);
  });

  it('JSON: a tags array round-trips', () => {
    expect(tagsByUrl(parseBookmarkJson(toBookmarkJson(collection)))).toEqual(expected);
  });

  it('reads other tools’ tags: Raindrop CSV, Pinboard JSON and HTML; invalid names dropped, at most 30', () => {
    const raindrop = 'id,title,note,excerpt,url,folder,tags,created\n1,A,,,https://a.example/,Inbox,"dev, tools ,dev",2024-01-01\n';
    expect(tagsByUrl(parseBookmarkCsv(raindrop))).toEqual({ 'https://a.example/': ['dev', 'tools'] });
    const pinboard = JSON.stringify([{ href: 'x', url: 'https://p.example/', description: 'P', tags: 'web  design toread' }]);
    expect(tagsByUrl(parseBookmarkJson(pinboard))).toEqual({ 'https://p.example/': ['web', 'design', 'toread'] });
    const many = Array.from({ length: 40 }, (_, i) => `t${i}`).join(',');
    const html = `<DL><p><DT><A HREF="https://m.example/" TAGS="${many},${'x'.repeat(60)}">M</A></DL>`;
    const [link] = planImport(parseNetscapeHtml(html), []).links;
    expect(link.tags).toHaveLength(30);
    expect(link.tags[0]).toBe('t0');
    expect(tagsByUrl(parseNetscapeHtml('<DL><p><DT><A HREF="https://n.example/">N</A></DL>'))).toEqual({ 'https://n.example/': [] });
  });
});
