import path from 'node:path';
import type { Rollup } from 'vite';
import { fromWebRoot, ROUTE_MODULES, type RouteModule } from './src/app/route-modules.ts';

/**
 * One chunk for the code every signed-in page shares, so that a signed-in first load (a folder's
 * above all) fetches few files.
 *
 * Left to itself Rollup makes a chunk per distinct set of pages that share a module, and a folder's
 * first load fetched 55 files, many under 1 KB. Each file costs the browser a cache lookup, an IPC
 * round trip and a compile task of its own, which on a 2-core machine added ~100 ms between the
 * first request and the last answer even from the HTTP cache. With the groupings below a folder's
 * first load fetches 7 files and the dashboard's 24.
 *
 * The shared chunk holds what the signed-in roots below load statically (data providers, signed-in
 * layout, the first-load data preload) and whatever two or more signed-in pages load statically,
 * except anything a page without a session can load: those modules keep Rollup's own chunks, so
 * the landing page, /auth and public profile pages never download signed-in code (their budgets
 * are in docs/performance.md).
 */
const SIGNED_IN_ROOTS = ['src/app/data-providers.tsx', 'src/app/route-data-preload.ts', 'src/routes/signed-in/signed-in-layout.tsx'];
/**
 * The pages below the data providers (route-modules.ts): the signed-in ones, and the public ones
 * with data, which load the signed-in chunk whatever they are grouped with.
 */
const SIGNED_IN_PAGES = ROUTE_MODULES.filter((module: RouteModule) => module.access !== 'public').map(fromWebRoot);
/**
 * The public pages with a first-load budget (docs/performance.md; route-modules.ts): a module all
 * of them load goes into the entry chunk, which every page loads. It costs them no byte and saves
 * every page, a signed-in first load included, a request of its own. Such a module then runs as the
 * app starts, on every page: keep what these pages share free of work at load time.
 */
export const PUBLIC_FIRST_LOADS = ROUTE_MODULES.filter((module: RouteModule) => module.budgeted).map(fromWebRoot);
/**
 * Lazily loaded roots that only run for a signed-in visitor or one signing in: supabase-js, the
 * session helpers, a signed-in visitor's appearance on public pages, the sign-in form's actions,
 * the error texts a failed action's toast loads (shared/ui/toast.ts). What only they and the
 * signed-in chunk load goes into one chunk (APP_DATA_CHUNK) instead of one per set of roots: a
 * folder's first load fetched four small files for it.
 */
export const SIGNED_IN_FLOW_ROOTS = [
  'src/lib/supabase-client.ts',
  '../shared/data/session.ts',
  'src/app/appearance/load-user-appearance.ts',
  'src/routes/auth/auth-actions.ts',
  '../shared/data/errors.ts',
];
export const APP_DATA_CHUNK = 'app-data';
const ENTRY = 'src/main.tsx';
export const SIGNED_IN_CHUNK = 'signed-in';
/** A root-set marker only (never a chunk name on its own): some signed-in pages load the module. */
const PAGES_MARKER = 'signed-in pages';

/** What this needs of Rollup's module info: a module's static and dynamic imports. */
export type ModuleGraph = (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;

/** Modules reachable from `roots` through static imports (and dynamic ones when `dynamic`), never entering `stop`. */
function reach(roots: string[], info: ModuleGraph, dynamic: boolean, stop: Set<string>): Set<string> {
  const seen = new Set<string>();
  const todo = roots.filter((id) => !stop.has(id));
  while (todo.length > 0) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const m = info(id);
    if (!m) continue;
    for (const next of dynamic ? [...m.importedIds, ...m.dynamicallyImportedIds] : m.importedIds)
      if (!seen.has(next) && !stop.has(next)) todo.push(next);
  }
  return seen;
}

/** Of `all`, the modules that reach a module matching `target` through static imports (those included). */
function modulesReaching(target: (id: string) => boolean, all: Set<string>, info: ModuleGraph): Set<string> {
  const importers = new Map<string, string[]>();
  for (const id of all) for (const dep of info(id)?.importedIds ?? []) importers.set(dep, [...(importers.get(dep) ?? []), id]);
  const out = new Set<string>();
  const todo = [...all].filter(target);
  while (todo.length > 0) {
    const id = todo.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    todo.push(...(importers.get(id) ?? []));
  }
  return out;
}

/** The chunk of every module that gets a manual one (the others are left to Rollup), by module id. */
export function chunkAssignments(webRoot: string, info: ModuleGraph): Map<string, string> {
  const abs = (rel: string) => path.join(webRoot, rel);
  const roots = SIGNED_IN_ROOTS.map(abs);
  const pages = SIGNED_IN_PAGES.map(abs);
  const signedIn = new Set([...roots, ...pages]);
  const out = new Map<string, string>();

  // Rollup adds a manual chunk's static dependencies to it unless another manual chunk claims
  // them, so everything that loads without a session is claimed here, grouped as Rollup groups
  // it by default: the entry's static graph in the entry chunk, every other module by the set of
  // lazily loaded roots (pages, dialogs, supabase-js...) that reach it.
  const entry = abs(ENTRY);
  const entryGraph = reach([entry], info, false, new Set());
  for (const id of entryGraph) out.set(id, 'index');
  const lazyRoots: string[] = [];
  const queue = [...entryGraph];
  const seenRoots = new Set<string>();
  while (queue.length > 0) {
    const m = info(queue.pop()!);
    for (const next of m?.dynamicallyImportedIds ?? []) {
      if (seenRoots.has(next) || signedIn.has(next) || entryGraph.has(next)) continue;
      seenRoots.add(next);
      lazyRoots.push(next);
      queue.push(...reach([next], info, false, entryGraph));
    }
  }
  // The signed-in chunk: what the signed-in roots load, and what two or more signed-in pages load,
  // except what needs zod (forms and their schemas): shared, it made every signed-in page, a
  // folder's first load included, download and run zod (30 KB gzipped) for the few pages that
  // show such a form. Those modules keep Rollup's chunks, loaded by the pages that use them.
  const shared = reach(roots, info, false, new Set());
  const pagesReaching = new Map<string, string[]>();
  for (const page of pages)
    for (const id of reach([page], info, false, new Set())) pagesReaching.set(id, [...(pagesReaching.get(id) ?? []), page]);
  const needsZod = modulesReaching((id) => id.includes('/node_modules/zod/'), reach([entry], info, true, new Set()), info);
  for (const [id, by] of pagesReaching) if (by.length >= 2 && !needsZod.has(id)) shared.add(id);

  // A module both sides load goes to a chunk of its own: its set of roots holds a marker for the
  // signed-in chunk when that chunk loads it, else one for the signed-in pages when one does, so
  // neither side downloads the other's code for it, and the signed-in chunk (every signed-in
  // page) pulls in nothing only some pages need.
  const chunkReach = reach([...shared], info, false, new Set());
  const reachedBy = new Map<string, string[]>();
  for (const root of lazyRoots)
    for (const id of reach([root], info, false, entryGraph)) reachedBy.set(id, [...(reachedBy.get(id) ?? []), root]);
  for (const [id, by] of reachedBy) {
    if (chunkReach.has(id)) by.push(SIGNED_IN_CHUNK);
    else if (pagesReaching.has(id)) by.push(PAGES_MARKER);
  }
  // One chunk per distinct set of roots, named after its root when it has one; but what every
  // budgeted public first load loads goes into the entry, and what only the signed-in chunk and
  // the signed-in flow's roots load into one chunk of its own.
  const publicFirstLoads = PUBLIC_FIRST_LOADS.map(abs);
  const signedInFlow = new Set(SIGNED_IN_FLOW_ROOTS.map(abs));
  const names = new Map<string, string>();
  const used = new Set(['index', SIGNED_IN_CHUNK, APP_DATA_CHUNK]);
  for (const [id, by] of reachedBy) {
    if (publicFirstLoads.every((root) => by.includes(root))) {
      out.set(id, 'index');
      continue;
    }
    if (by.includes(SIGNED_IN_CHUNK) && by.every((root) => root === SIGNED_IN_CHUNK || signedInFlow.has(root))) {
      out.set(id, APP_DATA_CHUNK);
      continue;
    }
    // What one budgeted public page shares with other lazy roots (the Studio, dialogs...) goes into
    // one chunk beside that page's own, not one per set of roots: each small file costs the budgeted
    // page a request and its gzip overhead. The other roots download a little more instead.
    const budgetedRoots = by.filter((root) => publicFirstLoads.includes(root));
    const key =
      by.length > 1 && budgetedRoots.length === 1 && !by.includes(SIGNED_IN_CHUNK)
        ? `${budgetedRoots[0]}|shared`
        : [...by].sort().join('|');
    let name = names.get(key);
    if (!name) {
      const base = key.endsWith('|shared')
        ? `${path.basename(budgetedRoots[0]).replace(/\.[^.]+$/, '')}-shared`
        : by.length === 1
          ? path.basename(by[0]).replace(/\.[^.]+$/, '')
          : 'shared';
      name = base;
      for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
      used.add(name);
      names.set(key, name);
    }
    out.set(id, name);
  }

  // The signed-in chunk's own modules: those no public root loads.
  for (const id of shared) if (!out.has(id) && !signedIn.has(id)) out.set(id, SIGNED_IN_CHUNK);
  for (const root of roots) out.set(root, SIGNED_IN_CHUNK);
  return out;
}

/** Rollup's `output.manualChunks` for the web app (web/vite.config.ts). */
export function signedInChunk(webRoot: string) {
  let chunkOf: Map<string, string> | null = null;
  return (id: string, meta: Rollup.ManualChunkMeta): string | undefined => {
    chunkOf ??= chunkAssignments(webRoot, meta.getModuleInfo);
    return chunkOf.get(id);
  };
}
