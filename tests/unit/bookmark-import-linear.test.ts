import { afterEach, describe, expect, it, vi } from 'vitest';
import { toBookmarkCsv } from '../../shared/rules/bookmark-csv.ts';
import type { ExportCollection } from '../../shared/rules/bookmark-export.ts';
import { parseNetscapeHtml, toNetscapeHtml } from '../../shared/rules/bookmark-html.ts';
import { planImport } from '../../shared/rules/bookmark-import.ts';
import { toBookmarkJson } from '../../shared/rules/bookmark-json.ts';

// A bookmarks file's cost must grow with its size, however deeply it nests: 800 nested folders in
// a 52 KB file froze the tab for seconds when every folder and entry carried (and keyed by) its whole
// path. Proven by counting, not by timing: the memory the parsed file and the plan hold, and the
// characters the planner lower-cases to compare folder names, for a chain twice as deep.

/** A chain of `depth` nested folders, one link in each, as browsers export it. */
function nestedFile(depth: number): string {
  const lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<DL><p>'];
  for (let i = 0; i < depth; i++) lines.push(`<DT><H3>Level ${i}</H3>`, '<DL><p>', `<DT><A HREF="https://deep.example/${i}">Link ${i}</A>`);
  for (let i = 0; i < depth; i++) lines.push('</DL><p>');
  lines.push('</DL><p>');
  return lines.join('\n');
}

/** Everything a value holds, each object once: object slots, array elements and string characters. */
function heldSize(root: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let size = 0;
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') size += value.length;
    else if (value && typeof value === 'object' && !seen.has(value)) {
      seen.add(value);
      const children = Array.isArray(value) ? value : Object.values(value);
      size += children.length;
      for (const child of children) stack.push(child);
    }
  }
  return size;
}

/** Characters lower-cased while `fn` runs (how the planner compares folder names). */
function lowerCasedChars(fn: () => void): number {
  let chars = 0;
  const original = (text: string) => text.toLocaleLowerCase('en-US');
  const spy = vi.spyOn(String.prototype, 'toLowerCase').mockImplementation(function (this: string) {
    chars += this.length;
    return original(this);
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return chars;
}

afterEach(() => vi.restoreAllMocks());

describe('planning a deeply nested file is linear in its size', () => {
  const small = nestedFile(1000);
  const large = nestedFile(2000);

  it('twice the levels: about twice the file, the parsed file, the plan and the work', () => {
    const ratio = large.length / small.length;
    expect(ratio).toBeGreaterThan(1.9);
    expect(ratio).toBeLessThan(2.1);

    const parsedSmall = parseNetscapeHtml(small);
    const parsedLarge = parseNetscapeHtml(large);
    expect(parsedLarge.entries).toHaveLength(2000);
    expect(parsedLarge.folders).toHaveLength(2000);
    // Linear: about 2×. A path per folder and per entry (n²/2 names each) would be about 4×.
    expect(heldSize(parsedLarge) / heldSize(parsedSmall)).toBeLessThan(2.3);

    let planSmall!: ReturnType<typeof planImport>;
    let planLarge!: ReturnType<typeof planImport>;
    const workSmall = lowerCasedChars(() => (planSmall = planImport(parsedSmall, [])));
    const workLarge = lowerCasedChars(() => (planLarge = planImport(parsedLarge, [])));
    expect(planLarge.folders).toHaveLength(2000);
    expect(planLarge.links).toHaveLength(2000);
    expect(planLarge.folders.at(-1)?.depth).toBe(2000);
    expect(planLarge.links.at(-1)?.folder).toBe(1999);
    expect(heldSize(planLarge) / heldSize(planSmall)).toBeLessThan(2.3);
    // Each folder name is lower-cased once (plus the links' URLs): never once per level above it.
    expect(workLarge / workSmall).toBeLessThan(2.3);
    expect(workLarge).toBeLessThan(large.length);
  });

  it('1,000 levels: read and planned at once (time printed, not asserted)', () => {
    const started = performance.now();
    const plan = planImport(parseNetscapeHtml(small), []);
    const ms = performance.now() - started;
    console.info(`1,000 nested folders (${Math.round(small.length / 1024)} KB): read and planned in ${ms.toFixed(1)} ms`);
    expect(plan.folders).toHaveLength(1000);
  });
});

describe('exporting a folder chain 5,000 deep', () => {
  const depth = 5000;
  const collection: ExportCollection = {
    folders: Array.from({ length: depth }, (_, i) => ({ id: `f${i}`, name: `F${i}`, parent_id: i ? `f${i - 1}` : null })),
    links: [
      {
        title: 'Deepest',
        url: 'https://deep.example/',
        description: null,
        folder_id: `f${depth - 1}`,
        created_at: '2024-01-01T00:00:00.000Z',
      },
    ],
  };

  it('HTML: no stack overflow, the same tree read back, and a file that grows linearly (indentation capped)', () => {
    const html = toNetscapeHtml(collection);
    const plan = planImport(parseNetscapeHtml(html), []);
    expect(plan.folders).toHaveLength(depth);
    expect(plan.folders.at(-1)).toMatchObject({ name: `F${depth - 1}`, depth });
    expect(plan.links).toEqual([expect.objectContaining({ url: 'https://deep.example/', folder: depth - 1 })]);
    // Uncapped indentation would be 4 spaces per level on every line: about 150 MB here.
    expect(html.length).toBeLessThan(depth * 600);
  });

  it('CSV and JSON: no stack overflow; the link keeps its whole folder path', () => {
    const csv = toBookmarkCsv(collection);
    expect(csv).toContain(`F${depth - 2}/F${depth - 1}`);
    const shallower = { folders: collection.folders.slice(0, 1000), links: [{ ...collection.links[0], folder_id: 'f999' }] };
    const json = JSON.parse(toBookmarkJson(shallower)) as { links: Array<{ folder: string[] }> };
    expect(json.links[0].folder).toHaveLength(1000);
  });
});
