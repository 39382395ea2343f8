// `Accept: text/csv`: the JSON array Postgres built, as RFC 4180 CSV with a header row.
function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(jsonArray: string): string {
  const rows = JSON.parse(jsonArray) as Record<string, unknown>[];
  if (rows.length === 0) return '';
  const cols = Object.keys(rows[0]);
  return [cols.map(cell).join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n');
}
