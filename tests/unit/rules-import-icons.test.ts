import { describe, expect, it } from 'vitest';
import { parseBookmarkCsv } from '../../shared/rules/bookmark-csv.ts';
import { parseNetscapeHtml } from '../../shared/rules/bookmark-html.ts';
import { folderPathOf, planImport } from '../../shared/rules/bookmark-import.ts';
import { parseBookmarkJson, toBookmarkJson } from '../../shared/rules/bookmark-json.ts';
import { decodeImportIcon, IMPORT_ICON_MAX_BYTES, isImportableIconUri } from '../../shared/rules/import-icons.ts';

// A real 1×1 PNG (the signature, IHDR, IDAT, IEND).
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pngUri = `data:image/png;base64,${PNG_1X1}`;
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('icons inside bookmark files', () => {
  it('keeps a small PNG, by its bytes, whatever the URI claims', () => {
    const decoded = decodeImportIcon(pngUri);
    expect(decoded?.type).toBe('image/png');
    expect(decoded?.bytes.slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    // Claims GIF, is PNG: stored as PNG.
    expect(decodeImportIcon(`data:image/gif;base64,${PNG_1X1}`)?.type).toBe('image/png');
  });

  it('drops SVG, HTML, text, an icon type uploads may not have, broken base64 and anything over the limit', () => {
    expect(
      decodeImportIcon(`data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}`),
    ).toBeNull();
    expect(decodeImportIcon(`data:image/png;base64,${b64('<html><body>not an image</body></html>')}`)).toBeNull();
    // ICO sniffs as an image but is not an upload icon type (PNG, JPEG, GIF).
    expect(
      decodeImportIcon(`data:image/x-icon;base64,${Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]).toString('base64')}`),
    ).toBeNull();
    expect(decodeImportIcon('data:image/png;base64,@@@@')).toBeNull();
    expect(decodeImportIcon('data:text/plain;base64,aGVsbG8=')).toBeNull();
    const big = Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.alloc(IMPORT_ICON_MAX_BYTES)]).toString('base64');
    expect(isImportableIconUri(`data:image/png;base64,${big}`)).toBe(false);
    expect(decodeImportIcon(`data:image/png;base64,${big}`)).toBeNull();
  });

  it("plans each distinct ICON of a Chrome file once, and links point at it; Firefox's http ICON_URI stays an icon URL", () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
  <DT><H3>Bar</H3>
  <DL><p>
    <DT><A HREF="https://a.example/" ICON="${pngUri}">A</A>
    <DT><A HREF="https://a.example/2" ICON="${pngUri}">A2</A>
    <DT><A HREF="https://b.example/" ICON="data:image/svg+xml;base64,${b64('<svg/>')}">B</A>
    <DT><A HREF="https://c.example/" ICON_URI="https://c.example/favicon.ico">C</A>
  </DL><p>
</DL><p>`;
    const plan = planImport(parseNetscapeHtml(html), []);
    expect(plan.icons).toEqual([pngUri]);
    expect(plan.links.map((l) => [l.title, l.icon_data, l.icon_url])).toEqual([
      ['A', 0, null],
      ['A2', 0, null],
      ['B', null, null],
      ['C', null, 'https://c.example/favicon.ico'],
    ]);
  });

  it('Raindrop CSV: the excerpt is the description when there is no note; both when both differ', () => {
    const csv =
      'id,title,note,excerpt,url,folder,tags,created\n' +
      '1,Lucide,,Beautiful icons,https://lucide.dev/,Design,,2023-07-22T04:26:40.000Z\n' +
      '2,Vite,my note,Next generation tooling,https://vite.dev/,Dev,,\n' +
      '3,Same,same text,same text,https://same.example/,Dev,,\n';
    const parsed = parseBookmarkCsv(csv);
    expect(parsed.entries.map((e) => e.description)).toEqual(['Beautiful icons', 'my note\n\nNext generation tooling', 'same text']);
  });

  it('our JSON keeps folder icons, and reading it back plans them on their folders', () => {
    const json = toBookmarkJson({
      folders: [
        { id: 'w', name: 'Work', parent_id: null, icon_url: '/icons/gallery/work.png' },
        { id: 'd', name: 'Docs', parent_id: 'w', icon_url: null },
      ],
      links: [{ title: 'Doc', url: 'https://doc.example/', description: null, folder_id: 'd', created_at: '2024-01-01T00:00:00.000Z' }],
    });
    expect((JSON.parse(json) as { folders: unknown }).folders).toEqual([
      { path: ['Work'], created_at: null, icon_url: '/icons/gallery/work.png' },
      { path: ['Work', 'Docs'], created_at: null, icon_url: null },
    ]);
    const parsed = parseBookmarkJson(json);
    const plan = planImport(parsed, []);
    expect(plan.folders.map((x) => [x.name, x.icon_url ?? null])).toEqual([
      ['Work', '/icons/gallery/work.png'],
      ['Docs', null],
    ]);
    expect(folderPathOf(parsed.entries[0].folder)).toEqual(['Work', 'Docs']);
  });
});
