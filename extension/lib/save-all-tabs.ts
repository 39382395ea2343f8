import { duplicateUrlKey } from '~shared/rules/duplicate-url.ts';
import { SavedIndex, isWebUrl, type CachedLink } from './link-cache.ts';
import { cleanTitle, titleFromUrl } from './title-from-url.ts';

/** A tab as 'Save all tabs' sees it (`tabs` permission: every tab's URL and title). */
export interface WindowTab {
  id?: number;
  url?: string;
  title?: string;
  pinned?: boolean;
}

export interface SaveAllPlan {
  /** One entry per new http(s) URL (the first tab of each). */
  toSave: Array<{ url: string; title: string; tabIds: number[] }>;
  /** Tabs whose page is already saved (by the duplicate-URL rule). */
  skipped: Array<{ url: string; tabIds: number[] }>;
  /** Tabs that are not web pages (chrome://, about:, file:, the popup itself). */
  ignored: number;
}

/**
 * What 'Save all tabs' will do with the window's tabs: every http(s) page not saved yet, once per
 * URL; already saved ones are skipped (and counted).
 */
export function planSaveAll(tabs: readonly WindowTab[], saved: readonly CachedLink[]): SaveAllPlan {
  const index = new SavedIndex(saved);
  const plan: SaveAllPlan = { toSave: [], skipped: [], ignored: 0 };
  const seen = new Map<string, { tabIds: number[] }>();
  for (const tab of tabs) {
    if (!isWebUrl(tab.url)) {
      plan.ignored += 1;
      continue;
    }
    const key = duplicateUrlKey(tab.url);
    const ids = tab.id === undefined ? [] : [tab.id];
    const same = seen.get(key);
    if (same) {
      same.tabIds.push(...ids);
      continue;
    }
    if (index.find(tab.url)) {
      const entry = { url: tab.url, tabIds: ids };
      plan.skipped.push(entry);
      seen.set(key, entry);
      continue;
    }
    const entry = { url: tab.url, title: cleanTitle(tab.title) || titleFromUrl(tab.url), tabIds: ids };
    plan.toSave.push(entry);
    seen.set(key, entry);
  }
  return plan;
}

/**
 * The new folder's name: "Tabs <YYYY-MM-DD>" (local date; such folders sort by date), with
 * " (2)", " (3)" … when a folder of that name exists.
 */
export function dateFolderName(now: Date, existing: readonly string[]): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const base = `Tabs ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const taken = new Set(existing.map((name) => name.trim().toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} (${n})`.toLowerCase())) return `${base} (${n})`;
}

/** The popup's report: "Saved 4 tabs to Tabs 2026-12-04. 2 already saved, skipped." */
export function saveAllSummary(result: { saved: number; skipped: number; failed: number; folder: string }): string {
  const tabs = (n: number) => `${n} ${n === 1 ? 'tab' : 'tabs'}`;
  const parts = [result.saved > 0 ? `Saved ${tabs(result.saved)} to ${result.folder}.` : 'No new tabs to save.'];
  if (result.skipped > 0) parts.push(`${result.skipped} already saved, skipped.`);
  if (result.failed > 0) parts.push(`${result.failed} could not be saved.`);
  return parts.join(' ');
}
