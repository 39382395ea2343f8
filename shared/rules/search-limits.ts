/** Mirrors search_links' limits (public.search_terms_max() and friends; tests/db/tags.test.ts). No zod here: the dashboard's first load reads them. */
export const SEARCH_TERMS_MAX = 20;
export const SEARCH_TERM_MAX_LENGTH = 200;
export const SEARCH_PAGE_MAX = 200;
