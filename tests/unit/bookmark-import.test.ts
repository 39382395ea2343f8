import { describe, expect, it } from 'vitest';
import { parseBookmarkCsv, parseCsvRows, toBookmarkCsv } from '../../shared/rules/bookmark-csv.ts';
import type { ExportCollection } from '../../shared/rules/bookmark-export.ts';
import { createNetscapeParser, parseNetscapeHtml, toNetscapeHtml } from '../../shared/rules/bookmark-html.ts';
import {
  batchBySize,
  detectFormat,
  folderPathOf,
  folderRefOf,
  invalidEntriesCsv,
  parseFolderPath,
  formatFolderPath,
  parseImportDate,
  plannedFolderPath,
  planImport,
  type ParsedCollection,
} from '../../shared/rules/bookmark-import.ts';
import { BookmarkJsonError, parseBookmarkJson, toBookmarkJson } from '../../shared/rules/bookmark-json.ts';

// Hand-written samples in each exporter's dialect, written from the Netscape bookmark file format
// (NETSCAPE-Bookmark-file-1) and what each tool documents it adds.
const simple = (c: ReturnType<typeof parseNetscapeHtml>) => c.entries.map((e) => [folderPathOf(e.folder).join('/'), e.title, e.url]);
/** A parsed collection with each folder written out as its path from the top. */
const withPaths = (c: ParsedCollection) => ({
  entries: c.entries.map((e) => ({ ...e, folder: folderPathOf(e.folder) })),
  folders: c.folders.map(folderPathOf),
  invalid: c.invalid,
});

describe('Netscape bookmark HTML', () => {
  it('Chrome / Edge: toolbar folder, nested folders, ADD_DATE, ICON data URI ignored', () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000100" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
    <DL><p>
        <DT><A HREF="https://react.dev/" ADD_DATE="1600000000" ICON="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA">React</A>
        <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="0">Work</H3>
        <DL><p>
            <DT><H3>Docs</H3>
            <DL><p>
                <DT><A HREF="https://developer.mozilla.org/en-US/" ADD_DATE="1650000000">MDN Web Docs</A>
            </DL><p>
        </DL><p>
    </DL><p>
    <DT><A HREF="https://example.com/other">Other bookmark</A>
</DL><p>`;
    const parsed = parseNetscapeHtml(html);
    expect(simple(parsed)).toEqual([
      ['Bookmarks bar', 'React', 'https://react.dev/'],
      ['Bookmarks bar/Work/Docs', 'MDN Web Docs', 'https://developer.mozilla.org/en-US/'],
      ['', 'Other bookmark', 'https://example.com/other'],
    ]);
    expect(parsed.entries[0].createdAt).toBe('2020-09-13T12:26:40.000Z');
    expect(parsed.entries[0].iconUrl).toBeUndefined();
    expect(withPaths(parsed).folders).toEqual([['Bookmarks bar'], ['Bookmarks bar', 'Work'], ['Bookmarks bar', 'Work', 'Docs']]);
  });

  it('Firefox: place: queries, separators, DD descriptions, ICON_URI, entities in titles', () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks Menu</H1>
<DL><p>
    <DT><A HREF="place:parent=menu________&sort=8&maxResults=10" ADD_DATE="1600000000">Recent Tags</A>
    <HR>    <DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000001" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
    <DD>Add bookmarks to this folder to see them displayed on the Bookmarks Toolbar
    <DL><p>
        <DT><A HREF="https://www.mozilla.org/en-US/firefox/central/" ADD_DATE="1600000000" LAST_MODIFIED="1600000000" ICON_URI="https://www.mozilla.org/favicon.ico" ICON="data:image/png;base64,AAAA">Getting Started</A>
        <DT><A HREF="https://example.org/?a=1&amp;b=2" ADD_DATE="1600000000" SHORTCUTURL="ex" TAGS="x,y">Tom &amp; Jerry&#39;s &quot;caf&eacute;&quot;</A>
        <DD>A note with &lt;b&gt; and
a second line
    </DL><p>
</DL>`;
    const parsed = parseNetscapeHtml(html);
    expect(simple(parsed)).toEqual([
      ['', 'Recent Tags', 'place:parent=menu________&sort=8&maxResults=10'],
      ['Bookmarks Toolbar', 'Getting Started', 'https://www.mozilla.org/en-US/firefox/central/'],
      ['Bookmarks Toolbar', 'Tom & Jerry\'s "café"', 'https://example.org/?a=1&b=2'],
    ]);
    expect(parsed.entries[1].iconUrl).toBe('https://www.mozilla.org/favicon.ico');
    expect(parsed.entries[2].description).toBe('A note with <b> and\na second line');
    // The folder's own DD is not a bookmark description.
    expect(parsed.entries[0].description).toBeUndefined();
  });

  it('Safari: FOLDED folders, lower-case and mixed-case tags, no DOCTYPE', () => {
    const html = `<html><head><meta charset="UTF-8"><title>Bookmarks</title></head><body><h1>Bookmarks</h1>
<dl><dt><h3 folded>Favorites</h3>
<dl><dt><A href="https://www.apple.com/">Apple</a>
<dT><a HrEf="https://webkit.org/">WebKit</A>
</dl><p>
<dt><h3 FOLDED id="com.apple.ReadingList">Reading List</h3>
<dl><dt><a href="https://example.com/read">Read later</a></dl>
</dl></body></html>`;
    expect(simple(parseNetscapeHtml(html))).toEqual([
      ['Favorites', 'Apple', 'https://www.apple.com/'],
      ['Favorites', 'WebKit', 'https://webkit.org/'],
      ['Reading List', 'Read later', 'https://example.com/read'],
    ]);
  });

  it('Raindrop: collections as H3, notes as DD, TAGS kept, DATA-COVER ignored', () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Raindrop.io Bookmarks</TITLE>
<H1>Raindrop.io Bookmarks</H1>
<DL><p>
<DT><H3 ADD_DATE="1690000000" LAST_MODIFIED="1690000000">Design</H3>
<DL><p>
<DT><A HREF="https://dribbble.com/" ADD_DATE="1690000001" LAST_MODIFIED="1690000001" TAGS="inspiration,ui" DATA-COVER="https://rdl.ink/render/x">Dribbble</A>
<DD>Shots from designers
<DT><H3 ADD_DATE="1690000000">Icons</H3>
<DL><p>
<DT><A HREF="https://lucide.dev/" ADD_DATE="1690000002">Lucide</A>
</DL><p>
</DL><p>
</DL><p>`;
    const parsed = parseNetscapeHtml(html);
    expect(simple(parsed)).toEqual([
      ['Design', 'Dribbble', 'https://dribbble.com/'],
      ['Design/Icons', 'Lucide', 'https://lucide.dev/'],
    ]);
    expect(parsed.entries[0].description).toBe('Shots from designers');
    expect(parsed.entries.map((e) => e.tags)).toEqual([['inspiration', 'ui'], undefined]);
  });

  it('Pocket: <ul><li> lists with time_added, no folders', () => {
    const html = `<!DOCTYPE html>
<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><title>Pocket Export</title></head>
<body><h1>Unread</h1><ul>
<li><a href="https://pocket.example/a" time_added="1500000000" tags="">Article A</a></li>
<li><a href="https://pocket.example/b" time_added="1500000001" tags="news">Article B</a></li>
</ul><h1>Read Archive</h1><ul>
<li><a href="https://pocket.example/c" time_added="1500000002" tags="">Article C</a></li>
</ul></body></html>`;
    const parsed = parseNetscapeHtml(html);
    expect(simple(parsed)).toEqual([
      ['', 'Article A', 'https://pocket.example/a'],
      ['', 'Article B', 'https://pocket.example/b'],
      ['', 'Article C', 'https://pocket.example/c'],
    ]);
    expect(parsed.entries[2].createdAt).toBe(new Date(1500000002000).toISOString());
  });

  it('linkding: flat list with TAGS, PRIVATE, TOREAD and DD descriptions', () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
<DT><A HREF="https://linkding.link" ADD_DATE="1700000000" LAST_MODIFIED="1700000000" PRIVATE="1" TOREAD="0" TAGS="tools,self-hosted">linkding</A>
<DD>Self-hosted bookmark manager
<DT><A HREF="https://github.com/sissbruecker/linkding" ADD_DATE="1700000001" PRIVATE="0" TOREAD="1" TAGS="">GitHub</A>
</DL><p>`;
    const parsed = parseNetscapeHtml(html);
    expect(simple(parsed)).toEqual([
      ['', 'linkding', 'https://linkding.link'],
      ['', 'GitHub', 'https://github.com/sissbruecker/linkding'],
    ]);
    expect(parsed.entries[0].description).toBe('Self-hosted bookmark manager');
    expect(parsed.entries[1].description).toBeUndefined();
  });

  it('Karakeep and Linkwarden: lists/collections as folders, empty folders kept', () => {
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
  <DT><H3>Reading</H3>
  <DL><p>
    <DT><A HREF="https://karakeep.app/" ADD_DATE="1710000000" TAGS="app">Karakeep</A>
  </DL><p>
  <DT><H3>Empty collection</H3>
  <DL><p>
  </DL><p>
  <DT><H3>Also empty, without a list</H3>
  <DT><A HREF="https://linkwarden.app/" ADD_DATE="1710000001">Linkwarden</A>
</DL><p>`;
    const parsed = parseNetscapeHtml(html);
    expect(simple(parsed)).toEqual([
      ['Reading', 'Karakeep', 'https://karakeep.app/'],
      ['', 'Linkwarden', 'https://linkwarden.app/'],
    ]);
    expect(withPaths(parsed).folders).toEqual([['Reading'], ['Empty collection'], ['Also empty, without a list']]);
  });

  it('bad inputs: unclosed <A>, missing </DL> closers, stray tags, odd case, entity-disguised schemes', () => {
    const html = `<dl><p><DT><H3>Unclosed</H3><DL><p>
<DT><A HREF="https://a.example/">First
<DT><A HREF="https://b.example/">Second</a>
<dt><h3>Inner</H3><dl>
<DT><a href="&#106;avascript:alert(1)">Evil</a>
<DT><a href="data:text/html,hi">Data</a>
<DT><a href="file:///etc/passwd">File</a>
<DT><a href="example.net/no-scheme">No scheme</a>
<DT><a>No href</a>
<b><i>stray</b></i>`;
    const parsed = parseNetscapeHtml(html);
    expect(simple(parsed)).toEqual([
      ['Unclosed', 'First', 'https://a.example/'],
      ['Unclosed', 'Second', 'https://b.example/'],
      ['Unclosed/Inner', 'Evil', 'javascript:alert(1)'],
      ['Unclosed/Inner', 'Data', 'data:text/html,hi'],
      ['Unclosed/Inner', 'File', 'file:///etc/passwd'],
      ['Unclosed/Inner', 'No scheme', 'example.net/no-scheme'],
      ['Unclosed/Inner', 'No href', ''],
    ]);
    const plan = planImport(parsed, []);
    expect(plan.links.map((l) => l.url)).toEqual(['https://a.example/', 'https://b.example/', 'https://example.net/no-scheme']);
    expect(plan.invalid.map((i) => [i.title, i.reason])).toEqual([
      ['Evil', 'Unsupported scheme "javascript:" (only http and https links are kept)'],
      ['Data', 'Unsupported scheme "data:" (only http and https links are kept)'],
      ['File', 'Unsupported scheme "file:" (only http and https links are kept)'],
      ['No href', 'No URL'],
    ]);
  });

  it('a multi-megabyte file with base64 icons parses in chunks', () => {
    const icon = `data:image/png;base64,${'A'.repeat(400)}`;
    const lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<DL><p>'];
    for (let f = 0; f < 100; f++) {
      lines.push(`<DT><H3>Folder ${f}</H3>`, '<DL><p>');
      for (let i = 0; i < 50; i++)
        lines.push(`<DT><A HREF="https://site${f}.example/page/${i}" ADD_DATE="1700000000" ICON="${icon}">Page ${f}-${i}</A>`);
      lines.push('</DL><p>');
    }
    lines.push('</DL><p>');
    const html = lines.join('\n');
    expect(html.length).toBeGreaterThan(2_000_000);
    const parser = createNetscapeParser();
    // Chunk boundaries fall inside tags and attribute values.
    for (let i = 0; i < html.length; i += 65_537) parser.write(html.slice(i, i + 65_537));
    const parsed = parser.end();
    expect(parsed.entries).toHaveLength(5000);
    expect(parsed.folders).toHaveLength(100);
    expect(withPaths(parsed).entries[4999]).toMatchObject({
      url: 'https://site99.example/page/49',
      title: 'Page 99-49',
      folder: ['Folder 99'],
    });
  });
});

describe('CSV', () => {
  it('quoted fields with commas, newlines and doubled quotes; CRLF; BOM', () => {
    const csv =
      '\uFEFFtitle,url,description\r\n"Hello, world","https://x.example/","line one\r\nline ""two"""\r\nplain,https://y.example/,\r\n';
    expect(parseCsvRows(csv)).toEqual([
      ['title', 'url', 'description'],
      ['Hello, world', 'https://x.example/', 'line one\r\nline "two"'],
      ['plain', 'https://y.example/', ''],
    ]);
  });

  it("header detection in any order with other tools' names (Pocket, Raindrop)", () => {
    const pocket = 'title,url,time_added,tags,status\nArticle,https://p.example/a,1500000000,news,unread\n';
    expect(withPaths(parseBookmarkCsv(pocket)).entries).toEqual([
      { title: 'Article', url: 'https://p.example/a', folder: [], createdAt: new Date(1500000000000).toISOString(), tags: ['news'] },
    ]);
    const raindrop =
      'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n1,Lucide,my note,,https://lucide.dev/,Design/Icons,,2023-07-22T04:26:40.000Z,,,false\n';
    expect(withPaths(parseBookmarkCsv(raindrop)).entries).toEqual([
      {
        title: 'Lucide',
        url: 'https://lucide.dev/',
        description: 'my note',
        folder: ['Design', 'Icons'],
        createdAt: '2023-07-22T04:26:40.000Z',
      },
    ]);
  });

  it('no header: title, url, description, folder, created; semicolons detected; rows without URL listed', () => {
    const csv = 'Example;https://e.example/;desc;Work;2024-01-01\nNo url;;;;\n';
    const parsed = withPaths(parseBookmarkCsv(csv));
    expect(parsed.entries).toEqual([
      { title: 'Example', url: 'https://e.example/', description: 'desc', folder: ['Work'], createdAt: '2024-01-01T00:00:00.000Z' },
    ]);
    expect(parsed.invalid).toEqual([{ title: 'No url', url: '', folder: '', reason: 'No URL' }]);
  });

  it('folder paths escape "/" in names', () => {
    expect(formatFolderPath(['A/B', 'C'])).toBe('A\\/B/C');
    expect(parseFolderPath('A\\/B/C')).toEqual(['A/B', 'C']);
    expect(parseFolderPath(' Work / Docs ')).toEqual(['Work', 'Docs']);
  });
});

describe('JSON', () => {
  it('refuses non-JSON and JSON without links', () => {
    expect(() => parseBookmarkJson('<html>')).toThrow(BookmarkJsonError);
    expect(() => parseBookmarkJson('{"a":1}')).toThrow('no list of links');
  });
  it('accepts a bare array of link objects', () => {
    expect(withPaths(parseBookmarkJson('[{"url":"https://a.example/","title":"A","folder":"X"}, 5]'))).toEqual({
      entries: [{ title: 'A', url: 'https://a.example/', folder: ['X'] }],
      folders: [],
      invalid: [{ title: '', url: '', folder: '', reason: 'Not a link object' }],
    });
  });
});

describe('planImport', () => {
  it('duplicates within the file and against existing links follow the duplicate-URL rule', () => {
    const plan = planImport(
      {
        entries: [
          { title: 'A', url: 'https://A.example/', folder: folderRefOf(['X']) },
          { title: 'A again', url: 'https://a.example#top', folder: folderRefOf(['x']) },
          { title: 'Existing', url: 'http://old.example:80/', folder: null },
          { title: '', url: 'new.example/path', folder: folderRefOf(['X', ' ']) },
        ],
        folders: [folderRefOf(['Empty'])!],
        invalid: [],
      },
      ['http://old.example'],
    );
    expect(plan.duplicates).toBe(2);
    expect(plan.links.map((l) => [l.title, l.url, plannedFolderPath(plan.folders, l.folder)])).toEqual([
      ['A', 'https://A.example/', ['X']],
      ['https://new.example/path', 'https://new.example/path', ['X', 'Untitled folder']],
    ]);
    expect(plan.folders.map((_, i) => plannedFolderPath(plan.folders, i))).toEqual([['Empty'], ['X'], ['X', 'Untitled folder']]);
    expect(plan.folders.map((f) => f.depth)).toEqual([1, 1, 2]);
    expect(plan.total).toBe(4);
  });

  it('dates: seconds, milliseconds, microseconds, ISO; junk ignored', () => {
    expect(parseImportDate('1700000000')).toBe('2023-11-14T22:13:20.000Z');
    expect(parseImportDate(1700000000000)).toBe('2023-11-14T22:13:20.000Z');
    expect(parseImportDate('1700000000000000')).toBe('2023-11-14T22:13:20.000Z');
    expect(parseImportDate('2023-11-14T22:13:20Z')).toBe('2023-11-14T22:13:20.000Z');
    expect(parseImportDate('0')).toBeUndefined();
    expect(parseImportDate('soon')).toBeUndefined();
  });

  it('batches stay under the item and byte limits', () => {
    const items = Array.from({ length: 2500 }, (_, i) => ({ i, pad: 'x'.repeat(i % 7 === 0 ? 5000 : 10) }));
    const batches = batchBySize(items, 1000, 512 * 1024);
    expect(batches.flat()).toHaveLength(2500);
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(1000);
      expect(JSON.stringify(b).length).toBeLessThanOrEqual(512 * 1024);
    }
  });

  it('detects the format and writes invalid entries as CSV', () => {
    expect(detectFormat('bookmarks.html', '')).toBe('html');
    expect(detectFormat('export', '  {"format"')).toBe('json');
    expect(detectFormat('export.txt', '<!DOCTYPE NETSCAPE')).toBe('html');
    expect(detectFormat('x', 'title,url')).toBe('csv');
    expect(invalidEntriesCsv([{ title: 'a,b', url: 'javascript:x', folder: 'F', reason: 'Unsupported' }])).toBe(
      'title,url,folder,reason\r\n"a,b",javascript:x,F,Unsupported\r\n',
    );
  });
});

describe('exporters round-trip through the parsers', () => {
  const collection: ExportCollection = {
    folders: [
      { id: 'f1', name: 'Recently Saved Links', parent_id: null, created_at: '2024-01-01T00:00:00.000Z' },
      { id: 'f2', name: 'Work & "Play"', parent_id: null, created_at: '2024-01-02T00:00:00.000Z' },
      { id: 'f3', name: 'Docs/Specs', parent_id: 'f2', created_at: '2024-01-03T00:00:00.000Z' },
      { id: 'f4', name: 'Empty', parent_id: 'f3', created_at: '2024-01-03T00:00:00.000Z' },
    ],
    links: [
      {
        title: 'Saved <one>',
        url: 'https://one.example/?a=1&b=2',
        description: null,
        folder_id: 'f1',
        created_at: '2024-02-01T10:00:00.000Z',
        access_count: 3,
        share_count: 1,
      },
      {
        title: '=SUM(A1)',
        url: 'https://two.example/',
        description: 'multi\nline, "quoted"',
        folder_id: 'f3',
        created_at: '2024-02-02T10:00:00.000Z',
      },
    ],
  };
  const summary = (c: ReturnType<typeof parseNetscapeHtml>) =>
    c.entries.map((e) => ({
      title: e.title,
      url: e.url,
      description: e.description,
      folder: folderPathOf(e.folder),
      createdAt: e.createdAt,
    }));
  const expected = [
    {
      title: 'Saved <one>',
      url: 'https://one.example/?a=1&b=2',
      description: undefined,
      folder: ['Recently Saved Links'],
      createdAt: '2024-02-01T10:00:00.000Z',
    },
    {
      title: '=SUM(A1)',
      url: 'https://two.example/',
      description: 'multi\nline, "quoted"',
      folder: ['Work & "Play"', 'Docs/Specs'],
      createdAt: '2024-02-02T10:00:00.000Z',
    },
  ];

  it('HTML', () => {
    const html = toNetscapeHtml(collection);
    expect(html.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
    const parsed = parseNetscapeHtml(html);
    expect(summary(parsed)).toEqual(expected);
    expect(withPaths(parsed).folders).toContainEqual(['Work & "Play"', 'Docs/Specs', 'Empty']);
  });
  it('CSV (with the formula guard undone)', () => {
    const csv = toBookmarkCsv(collection);
    expect(csv).toContain(`\r\n"'=SUM(A1)",`);
    expect(summary(parseBookmarkCsv(csv))).toEqual(expected);
  });
  it('JSON (counts and empty folders included)', () => {
    const json = toBookmarkJson(collection);
    const doc = JSON.parse(json) as { counts: unknown; links: Array<{ access_count: unknown }> };
    expect(doc.counts).toEqual({ folders: 4, links: 2 });
    expect(doc.links[0].access_count).toBe(3);
    const parsed = parseBookmarkJson(json);
    expect(summary(parsed)).toEqual(expected);
    expect(withPaths(parsed).folders).toContainEqual(['Work & "Play"', 'Docs/Specs', 'Empty']);
    expect(parsed.entries[0].accessCount).toBe(3);
  });
});
