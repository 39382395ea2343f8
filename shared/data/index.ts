/**
 * The data layer: the only code that calls supabase-js. Service-worker safe except provider.tsx
 * and auth/hooks.ts (React). Import an entity folder directly to keep bundles small, e.g.
 * `import { linkQueries } from '~shared/data/links/index.ts'`.
 */
export * from './client.ts';
export * from './errors.ts';
export * from './functions.ts';
export * from './session.ts';
export * from './storage.ts';
export * from './types.ts';
export * from './keys.ts';
export * from './provider.tsx';
export * from './auth/index.ts';
export * from './profiles/index.ts';
export * from './links/index.ts';
export * from './categories/index.ts';
export * from './shares/index.ts';
export * from './incoming/index.ts';
export * from './backgrounds/index.ts';
export * from './templates/index.ts';
export * from './roles/index.ts';
export * from './appearance/index.ts';
export * from './privacy/index.ts';
export * from './studio/index.ts';
export * from './blocked/index.ts';
export * from './ai/index.ts';
export * from './account/index.ts';
export * from './settings-icons/index.ts';
