/**
 * One CSV cell as every CSV file the product writes must hold it (exports, the import's invalid
 * entries), safe to open in a spreadsheet (OWASP's "CSV injection" rule): a cell that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return would be run as a formula (`-2+3+cmd|' /C calc'!A0`,
 * `@SUM(...)`, `=HYPERLINK(...)`), so it gets a leading `'` and is always quoted. No exception for
 * numbers: '-5' is written as text ("'-5") rather than guessing which minus signs are harmless. The
 * full-width forms of those signs count too (some spreadsheets read them as the ASCII ones).
 * Cells that hold the separator, a quote, a line break or a semicolon (so a file opened with `;` as
 * separator splits nothing) are quoted, quotes doubled (RFC 4180).
 *
 * Hand-written rather than csv-stringify: that library's browser build brings its own Buffer
 * polyfill (18 KB gzipped for this one function) and its `escape_formulas` leaves a cell that starts
 * with a lone carriage return unquoted, which splits the row.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n;\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A row of cells, comma-separated. */
export const csvRow = (cells: ReadonlyArray<string | number | boolean | null | undefined>): string => cells.map(csvCell).join(',');

/** Reading a file this product wrote: the formula guard's `'` removed again ("'=1+1" → "=1+1"). */
export function unguardCsvCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
