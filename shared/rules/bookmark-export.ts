/**
 * The user's collection as the exporters see it (all formats): folders with their parent and links
 * with the folder they show under (the second category when set, else the primary one).
 */
export interface ExportFolder {
  id: string;
  name: string;
  parent_id: string | null;
  created_at?: string | null;
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
}

export interface ExportCollection {
  folders: ExportFolder[];
  links: ExportLink[];
}

/** The path of every folder from the root (a broken parent chain stops at the break; cycles are cut). */
export function folderPaths(folders: readonly ExportFolder[]): Map<string, string[]> {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const paths = new Map<string, string[]>();
  const resolve = (id: string, guard: Set<string>): string[] => {
    const cached = paths.get(id);
    if (cached) return cached;
    const folder = byId.get(id);
    if (!folder) return [];
    guard.add(id);
    const parent = folder.parent_id && byId.has(folder.parent_id) && !guard.has(folder.parent_id) ? resolve(folder.parent_id, guard) : [];
    const path = [...parent, folder.name];
    paths.set(id, path);
    return path;
  };
  for (const f of folders) resolve(f.id, new Set());
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
