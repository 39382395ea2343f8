/**
 * The user's collection as the exporters see it (all formats): folders with their parent and links
 * with the folder they show under (the second category when set, else the primary one).
 */
export interface ExportFolder {
  id: string;
  name: string;
  parent_id: string | null;
  created_at?: string | null;
  icon_url?: string | null;
}

export interface ExportLink {
  title: string;
  url: string;
  description: string | null;
  folder_id: string | null;
  created_at: string;
  updated_at?: string | null;
  access_count?: number;
  share_count?: number;
  icon_url?: string | null;
  /** The link's tag names. */
  tags?: readonly string[];
}

export interface ExportCollection {
  folders: ExportFolder[];
  links: ExportLink[];
}

/**
 * The path of every folder from the root (a broken parent chain stops at the break; a cycle is cut
 * where it closes). Without recursion: a chain thousands of folders deep must not overflow the
 * call stack.
 */
export function folderPaths(folders: readonly ExportFolder[]): Map<string, string[]> {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const paths = new Map<string, string[]>();
  for (const start of folders) {
    if (paths.has(start.id)) continue;
    // Up to the top, a folder whose path is known, a missing parent or a folder already on the way.
    const chain: ExportFolder[] = [];
    const onTheWay = new Set<string>();
    let base: string[] = [];
    for (let f: ExportFolder | undefined = start; f; f = f.parent_id ? byId.get(f.parent_id) : undefined) {
      const known = paths.get(f.id);
      if (known) {
        base = known;
        break;
      }
      if (onTheWay.has(f.id)) break;
      onTheWay.add(f.id);
      chain.push(f);
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      base = [...base, chain[i].name];
      paths.set(chain[i].id, base);
    }
  }
  return paths;
}

/** Unix seconds for Netscape ADD_DATE. */
export const unixSeconds = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
};

/** Date-stamped download name, e.g. "linkvault-bookmarks-2026-11-24.html". */
export function exportFileName(brand: string, extension: 'html' | 'csv' | 'json', now = new Date()): string {
  const slug =
    brand
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'links';
  return `${slug}-bookmarks-${now.toISOString().slice(0, 10)}.${extension}`;
}
