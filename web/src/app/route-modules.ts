/**
 * The route table's pages, one entry each: routes.tsx builds the routes from it, the first-load
 * machinery reads which pages start their data before React (route-preload.ts), and the build reads
 * which pages are signed in and which public ones have a budget (web/signed-in-chunk.ts,
 * web/compile-hints.ts). A new route is one entry here and its page module,
 * web/src/routes/<area>/<name>-page.tsx (a named export): nothing else in routes/ is named
 * `*-page.tsx`, since each such module is a chunk of its own (page-loaders.ts).
 *
 * Imports nothing: the entry chunk every page loads holds it, and the build (Node) reads it.
 */

/**
 * Who can open a page, which decides what it loads first:
 * - `public`: no data providers, no supabase-js (the least code);
 * - `data`: below the data providers (TanStack Query, supabase-js), and open to signed-out visitors;
 * - `signed-in`: below the signed-in layout (header banner; /auth without a session).
 */
export type PageAccess = 'public' | 'data' | 'signed-in';

/** A path of a page, with the props the page gets there (e.g. the share-in page's method). */
export interface PagePath {
  path: string;
  props?: Readonly<Record<string, string | boolean>>;
}

export interface RouteModule {
  /** The page module under web/src/routes. */
  file: `${string}/${string}-page.tsx`;
  /**
   * The page component, a named export of the module: by default the file's name in PascalCase
   * (`landing-page.tsx` exports `LandingPage`).
   */
  component?: string;
  paths: readonly (string | PagePath)[];
  access: PageAccess;
  /** Wrapped in the public shell (full height, the site footer): a page outside the signed-in layout. */
  shell?: true;
  /** A public page with a first-load JavaScript budget (docs/performance.md; its shared code goes into the entry chunk). */
  budgeted?: true;
  /**
   * A signed-in page whose first load starts its data and its route chain before React
   * (docs/first-load.md): `folder` reads the folder named by the path's `:categoryId` (a UUID).
   */
  firstLoad?: 'dashboard' | 'folder';
}

export const ROUTE_MODULES = [
  // Part 1: landing and auth; part 2: static pages.
  { file: 'landing/landing-page.tsx', paths: ['/'], access: 'public', budgeted: true },
  { file: 'auth/auth-page.tsx', paths: ['/auth'], access: 'public', budgeted: true },
  { file: 'static/privacy-page.tsx', paths: ['/privacy'], access: 'public' },
  { file: 'static/data-deletion-page.tsx', paths: ['/data-deletion'], access: 'public' },
  { file: 'static/support-page.tsx', paths: ['/support'], access: 'public' },
  // The undo link e-mailed to the old address after an e-mail change (shared/constants.ts EMAIL_CHANGE_UNDO_PATH).
  { file: 'auth/restore-email-page.tsx', paths: ['/auth/restore-email'], access: 'public' },
  // The unsubscribe link of every notification e-mail (shared/rules/notifications.ts UNSUBSCRIBE_PATH).
  { file: 'notifications/unsubscribe-page.tsx', paths: ['/notifications/unsubscribe'], access: 'public' },
  { file: 'demo/fizzy-button-page.tsx', paths: ['/demo/fizzy-button'], access: 'public', shell: true },

  // Signed-in pages.
  { file: 'dashboard/dashboard-page.tsx', paths: ['/dashboard'], access: 'signed-in', firstLoad: 'dashboard' },
  {
    file: 'category/category-page.tsx',
    paths: ['/category/:categoryId'],
    access: 'signed-in',
    firstLoad: 'folder',
  },
  { file: 'category/all-templates-page.tsx', paths: ['/category/all-templates'], access: 'signed-in' },
  {
    file: 'category/template-folder-page.tsx',
    paths: ['/category/all-templates/:templateId'],
    access: 'signed-in',
  },
  // Where sign-in lands: the start page chosen in General settings.
  { file: 'signed-in/start-page.tsx', paths: ['/start'], access: 'signed-in' },
  { file: 'settings/settings-page.tsx', paths: ['/settings'], access: 'signed-in' },
  { file: 'settings/general-page.tsx', component: 'GeneralSettingsPage', paths: ['/settings/general'], access: 'signed-in' },
  {
    file: 'settings/notifications-page.tsx',
    component: 'NotificationsSettingsPage',
    paths: ['/settings/notifications'],
    access: 'signed-in',
  },
  { file: 'settings/about-page.tsx', component: 'AboutSettingsPage', paths: ['/settings/about'], access: 'signed-in' },
  {
    file: 'settings/integrations-page.tsx',
    component: 'IntegrationsSettingsPage',
    paths: ['/settings/integrations'],
    access: 'signed-in',
  },
  { file: 'settings/privacy-page.tsx', component: 'PrivacySettingsPage', paths: ['/settings/privacy'], access: 'signed-in' },
  { file: 'settings/appearance-page.tsx', component: 'AppearanceSettingsPage', paths: ['/settings/appearance'], access: 'signed-in' },
  {
    file: 'settings/name-email-page.tsx',
    component: 'NameEmailSettingsPage',
    paths: ['/settings/profile/name-email'],
    access: 'signed-in',
  },
  { file: 'settings-data/import-export-page.tsx', paths: ['/settings/data'], access: 'signed-in' },
  { file: 'tags/tags-page.tsx', paths: ['/tags'], access: 'signed-in' },
  {
    file: 'settings/social-sharing-page.tsx',
    component: 'SocialSharingSettingsPage',
    paths: ['/settings/social-sharing'],
    access: 'signed-in',
  },
  { file: 'settings/api-docs-page.tsx', paths: ['/settings/social-sharing/api'], access: 'signed-in' },
  { file: 'studio/studio-page.tsx', paths: ['/studio'], access: 'signed-in' },
  { file: 'studio/preview-publish-page.tsx', paths: ['/studio/preview-publish'], access: 'signed-in' },
  {
    file: 'share-in/share-in-page.tsx',
    paths: [
      { path: '/share/receive', props: { method: 'web_share_target' } },
      { path: '/share/capture', props: { method: 'deep_link' } },
    ],
    access: 'signed-in',
  },

  // Public pages with data (they work signed out).
  { file: 'share-in/receive-page.tsx', paths: ['/receive'], access: 'data', shell: true },

  // Public profile pages read their one RPC with fetch: no data providers, no supabase-js.
  {
    file: 'public-page/slug-page.tsx',
    paths: [{ path: '/:slug/preview', props: { preview: true } }, '/:slug'],
    access: 'public',
    budgeted: true,
  },
  // A folder its owner published to the web (/{slug}/preview, a static segment, ranks above it).
  // Its JS budget is checked (tests/e2e/js-budgets.test.ts) but it is not `budgeted` here: that would
  // move what it shares with /{slug} out of /{slug}'s chunks into files of their own (+0.5 KB and
  // two requests on /{slug}, measured); unmarked, those modules ride in /{slug}'s shared chunk.
  { file: 'public-page/public-folder-page.tsx', paths: ['/:slug/:folderSlug'], access: 'public' },
  { file: 'not-found/not-found-page.tsx', paths: ['*'], access: 'public' },
] as const satisfies readonly RouteModule[];

/** Paths that only send the visitor on (old addresses). */
export const REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [{ from: '/profile/customize', to: '/studio' }];

/** A route module's path from web/ (the build's module ids are web/ + this). */
export const fromWebRoot = (module: RouteModule) => `src/routes/${module.file}`;

/** The name of a route module's page component. */
export const componentOf = (module: RouteModule): string =>
  module.component ?? module.file.replace(/^.*\/|\.tsx$/g, '').replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());
