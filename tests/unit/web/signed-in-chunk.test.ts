import { describe, expect, it } from 'vitest';
import { chunkAssignments, SIGNED_IN_CHUNK, type ModuleGraph } from '../../../web/signed-in-chunk.ts';

// A small app shaped like the real one: the entry lazily loads a public page, the data providers
// and two signed-in pages; modules are shared in every way the grouping has to handle.
const ROOT = '/app/web';
const m = (rel: string) => `${ROOT}/${rel}`;
const ZOD = '/app/node_modules/zod/index.js';
const GRAPH: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
  [m('src/main.tsx')]: { importedIds: ['react', m('src/app/routes.tsx')], dynamicallyImportedIds: [] },
  [m('src/app/routes.tsx')]: {
    importedIds: ['react'],
    dynamicallyImportedIds: [
      m('src/routes/auth/auth-page.tsx'),
      m('src/app/data-providers.tsx'),
      m('src/routes/dashboard/dashboard-page.tsx'),
      m('src/routes/category/category-page.tsx'),
    ],
  },
  react: { importedIds: [], dynamicallyImportedIds: [] },
  [m('src/routes/auth/auth-page.tsx')]: { importedIds: ['react', 'button', 'auth-only', 'auth-api', 'username-schema'], dynamicallyImportedIds: ['zxcvbn'] },
  // The auth data layer: the sign-in page and the signed-in chunk (data providers) load it.
  'auth-api': { importedIds: [], dynamicallyImportedIds: [] },
  zxcvbn: { importedIds: [], dynamicallyImportedIds: [] },
  [m('src/app/data-providers.tsx')]: { importedIds: ['react', 'query', 'auth-api'], dynamicallyImportedIds: [] },
  [m('src/routes/dashboard/dashboard-page.tsx')]: { importedIds: ['react', 'button', 'link-card', 'dashboard-only', 'username-card'], dynamicallyImportedIds: ['parser'] },
  [m('src/routes/category/category-page.tsx')]: { importedIds: ['react', 'link-card', 'folder-only', 'username-card'], dynamicallyImportedIds: [] },
  // A form both pages show, whose schema needs zod.
  'username-card': { importedIds: ['button', 'username-schema'], dynamicallyImportedIds: [] },
  'username-schema': { importedIds: [ZOD], dynamicallyImportedIds: [] },
  [ZOD]: { importedIds: [], dynamicallyImportedIds: [] },
  parser: { importedIds: ['link-card'], dynamicallyImportedIds: [] },
  button: { importedIds: ['react'], dynamicallyImportedIds: [] },
  'auth-only': { importedIds: [], dynamicallyImportedIds: [] },
  query: { importedIds: [], dynamicallyImportedIds: [] },
  'link-card': { importedIds: ['button', 'card-helper'], dynamicallyImportedIds: [] },
  'card-helper': { importedIds: [], dynamicallyImportedIds: [] },
  'dashboard-only': { importedIds: [], dynamicallyImportedIds: [] },
  'folder-only': { importedIds: [], dynamicallyImportedIds: [] },
};
const graph: ModuleGraph = (id) => GRAPH[id] ?? null;

describe('the signed-in chunk (web/signed-in-chunk.ts)', () => {
  const chunks = chunkAssignments(ROOT, graph);

  it('groups the data providers and what two signed-in pages share into one chunk', () => {
    expect(chunks.get(m('src/app/data-providers.tsx'))).toBe(SIGNED_IN_CHUNK);
    expect(chunks.get('query')).toBe(SIGNED_IN_CHUNK);
    expect(chunks.get('link-card')).toBe(SIGNED_IN_CHUNK);
    expect(chunks.get('card-helper')).toBe(SIGNED_IN_CHUNK);
  });

  it('leaves what needs zod out of it, even when two pages share it: a page without a form never loads zod', () => {
    expect(chunks.has('username-card')).toBe(false);
    for (const id of ['username-schema', ZOD]) expect(chunks.get(id), id).not.toBe(SIGNED_IN_CHUNK);
    // What such a module imports without zod is still shared.
    expect(chunks.get('button')).toBeDefined();
  });

  it('never puts zod in one chunk with what the signed-in chunk loads, though the same public page loads both', () => {
    // The sign-in page loads the auth data layer and a schema (zod); so do signed-in code and
    // signed-in pages. Grouped together, every signed-in page (a folder too) would download zod.
    const authApi = chunks.get('auth-api');
    const zod = chunks.get(ZOD);
    expect(authApi).toBeDefined();
    expect(zod).toBeDefined();
    expect(zod).not.toBe(authApi);
    expect(zod).not.toBe(SIGNED_IN_CHUNK);
  });

  it('leaves each page and what only one page uses to Rollup', () => {
    for (const id of [m('src/routes/dashboard/dashboard-page.tsx'), m('src/routes/category/category-page.tsx'), 'dashboard-only', 'folder-only', 'parser']) {
      expect(chunks.has(id), id).toBe(false);
    }
  });

  it('keeps the entry graph in the entry chunk, and public pages out of the signed-in chunk', () => {
    expect(chunks.get('react')).toBe('index');
    expect(chunks.get(m('src/main.tsx'))).toBe('index');
    expect(chunks.get(m('src/routes/auth/auth-page.tsx'))).toBe('auth-page');
    expect(chunks.get('auth-only')).toBe('auth-page');
    expect(chunks.get('zxcvbn')).toBe('zxcvbn');
  });

  it('gives a module both sides use a chunk of its own, so /auth never loads signed-in code', () => {
    const button = chunks.get('button');
    expect(button).toBeDefined();
    expect(button).not.toBe(SIGNED_IN_CHUNK);
    expect(button).not.toBe('auth-page');
    // Chunks: the entry, the public page, its lazy library, the signed-in chunk, what the public page
    // and the signed-in chunk share (the button, the auth data layer), and what the public page and
    // some signed-in pages share (the schema with zod).
    expect(chunks.get('auth-api')).toBe(button);
    expect(new Set(chunks.values())).toEqual(new Set(['index', 'auth-page', 'zxcvbn', button, SIGNED_IN_CHUNK, chunks.get(ZOD)]));
    expect(new Set(chunks.values()).size).toBe(6);
  });
});
