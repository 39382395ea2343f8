export * from './api.ts';
export * from './keys.ts';
export * from './queries.ts';
export * from './mutations.ts';
export * from './select.ts';
export * from './preview.ts';
