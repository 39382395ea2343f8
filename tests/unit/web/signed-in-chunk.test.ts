import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_DATA_CHUNK,
  chunkAssignments,
  PUBLIC_FIRST_LOADS,
  SIGNED_IN_CHUNK,
  SIGNED_IN_FLOW_ROOTS,
  type ModuleGraph,
} from '../../../web/signed-in-chunk.ts';

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
  [m('src/routes/auth/auth-page.tsx')]: {
    importedIds: ['react', 'button', 'auth-only', 'auth-api', 'username-schema'],
    dynamicallyImportedIds: ['zxcvbn'],
  },
  // The auth data layer: the sign-in page and the signed-in chunk (data providers) load it.
  'auth-api': { importedIds: [], dynamicallyImportedIds: [] },
  zxcvbn: { importedIds: [], dynamicallyImportedIds: [] },
  [m('src/app/data-providers.tsx')]: { importedIds: ['react', 'query', 'auth-api'], dynamicallyImportedIds: [] },
  [m('src/routes/dashboard/dashboard-page.tsx')]: {
    importedIds: ['react', 'button', 'link-card', 'dashboard-only', 'username-card'],
    dynamicallyImportedIds: ['parser'],
  },
  [m('src/routes/category/category-page.tsx')]: {
    importedIds: ['react', 'link-card', 'folder-only', 'username-card'],
    dynamicallyImportedIds: [],
  },
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
    for (const id of [
      m('src/routes/dashboard/dashboard-page.tsx'),
      m('src/routes/category/category-page.tsx'),
      'dashboard-only',
      'folder-only',
      'parser',
    ]) {
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

// The same kind of app with the three budgeted public pages and the signed-in flow's lazy roots.
const FLOW_GRAPH: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
  [m('src/main.tsx')]: {
    importedIds: ['react'],
    dynamicallyImportedIds: [
      m('src/routes/landing/landing-page.tsx'),
      m('src/routes/auth/auth-page.tsx'),
      m('src/routes/public-page/slug-page.tsx'),
      m('src/app/data-providers.tsx'),
      m('src/lib/supabase-client.ts'),
    ],
  },
  react: { importedIds: [], dynamicallyImportedIds: [] },
  // Every budgeted public page loads `site` (and through it `cn`); only two of them load `footer`.
  [m('src/routes/landing/landing-page.tsx')]: { importedIds: ['site', 'footer'], dynamicallyImportedIds: [] },
  [m('src/routes/auth/auth-page.tsx')]: { importedIds: ['site', 'footer'], dynamicallyImportedIds: [m('src/routes/auth/auth-actions.ts')] },
  [m('src/routes/public-page/slug-page.tsx')]: { importedIds: ['site', 'url-rules'], dynamicallyImportedIds: [] },
  site: { importedIds: ['cn'], dynamicallyImportedIds: [] },
  cn: { importedIds: [], dynamicallyImportedIds: [] },
  footer: { importedIds: [], dynamicallyImportedIds: [] },
  // The sign-in form's actions, supabase-js and the signed-in chunk share the data layer's pieces.
  [m('src/routes/auth/auth-actions.ts')]: { importedIds: ['messages', 'auth-api'], dynamicallyImportedIds: [] },
  [m('src/lib/supabase-client.ts')]: { importedIds: ['supabase-js', 'tslib'], dynamicallyImportedIds: [] },
  'supabase-js': { importedIds: ['tslib'], dynamicallyImportedIds: [] },
  tslib: { importedIds: [], dynamicallyImportedIds: [] },
  [m('src/app/data-providers.tsx')]: {
    importedIds: ['react', 'site', 'messages', 'auth-api', 'tslib', 'url-rules', 'footer'],
    dynamicallyImportedIds: [],
  },
  messages: { importedIds: [], dynamicallyImportedIds: [] },
  'auth-api': { importedIds: ['messages'], dynamicallyImportedIds: [] },
  'url-rules': { importedIds: [], dynamicallyImportedIds: [] },
};

describe('fewer chunks for a signed-in first load (web/signed-in-chunk.ts)', () => {
  const chunks = chunkAssignments(ROOT, (id) => FLOW_GRAPH[id] ?? null);

  it('puts what every budgeted public page loads into the entry chunk', () => {
    expect(chunks.get('site')).toBe('index');
    expect(chunks.get('cn')).toBe('index');
    // Two of the three: a chunk of its own, never the entry (the third page would pay for it).
    expect(chunks.get('footer')).not.toBe('index');
    expect(chunks.get('footer')).not.toBe(SIGNED_IN_CHUNK);
  });

  it('groups what only the signed-in chunk and the signed-in flow load into one chunk', () => {
    for (const id of ['messages', 'auth-api', 'tslib']) expect(chunks.get(id), id).toBe(APP_DATA_CHUNK);
    // supabase-js's own code stays in its chunk; what a public first load also needs stays apart.
    expect(chunks.get('supabase-js')).toBe('supabase-client');
    expect(chunks.get('url-rules')).not.toBe(APP_DATA_CHUNK);
    expect(chunks.get('url-rules')).not.toBe('index');
  });

  it('names modules that exist (a renamed page or root would silently lose its grouping)', () => {
    const webRoot = path.resolve(import.meta.dirname, '../../../web');
    for (const rel of [...PUBLIC_FIRST_LOADS, ...SIGNED_IN_FLOW_ROOTS]) expect(fs.existsSync(path.join(webRoot, rel)), rel).toBe(true);
  });
});
