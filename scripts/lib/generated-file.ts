/**
 * Why a committed generated file is stale, in a form a person can act on: the command that
 * regenerates it, and the lines that differ (one hunk from the first to the last changed line,
 * with context, cut short when long). Null when the file is up to date.
 */
export function staleFileReport(file: string, committed: string | null, generated: string, command: string): string | null {
  if (committed === generated) return null;
  const fix = `${file} is not what the migrations give: run \`${command}\` and commit the result.`;
  if (committed === null) return `${file} is missing. ${fix}`;
  const a = committed.split('\n');
  const b = generated.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const CONTEXT = 3;
  const MAX = 40;
  const lines: string[] = [`@@ committed lines ${start + 1}-${endA}, generated lines ${start + 1}-${endB} @@`];
  for (let i = Math.max(0, start - CONTEXT); i < start; i++) lines.push(`  ${a[i]}`);
  const cut = (side: string[], from: number, to: number, mark: string) => {
    for (let i = from; i < Math.min(to, from + MAX); i++) lines.push(`${mark} ${side[i]}`);
    if (to - from > MAX) lines.push(`${mark} ... ${to - from - MAX} more lines`);
  };
  cut(a, start, endA, '-');
  cut(b, start, endB, '+');
  for (let i = endA; i < Math.min(a.length, endA + CONTEXT); i++) lines.push(`  ${a[i]}`);
  return `${fix}\n(- committed, + generated)\n${lines.join('\n')}`;
}
