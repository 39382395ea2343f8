import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from './lazy-page.tsx';
import { loadCategoryPage, loadDashboardPage, loadDataProviders, loadSignedInLayout } from './page-loaders.ts';

/**
 * The one route table: every route of both spec documents. Each page is its own chunk; signed-in pages
 * need a session, and anything else is the 404.
 */
const LandingPage = lazyPage(
  () => import('../routes/landing/landing-page.tsx'),
  (m) => m.LandingPage,
);
const AuthPage = lazyPage(
  () => import('../routes/auth/auth-page.tsx'),
  (m) => m.AuthPage,
);
const PrivacyPage = lazyPage(
  () => import('../routes/static/privacy-page.tsx'),
  (m) => m.PrivacyPage,
);
const DataDeletionPage = lazyPage(
  () => import('../routes/static/data-deletion-page.tsx'),
  (m) => m.DataDeletionPage,
);
const SupportPage = lazyPage(
  () => import('../routes/static/support-page.tsx'),
  (m) => m.SupportPage,
);
const NotFoundPage = lazyPage(
  () => import('../routes/not-found/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);
const DataProviders = lazyPage(loadDataProviders, (m) => m.DataProviders);
const SignedInLayout = lazyPage(loadSignedInLayout, (m) => m.SignedInLayout);
const PublicShell = lazyPage(
  () => import('../routes/placeholder/public-shell.tsx'),
  (m) => m.PublicShell,
);
const DashboardPage = lazyPage(loadDashboardPage, (m) => m.DashboardPage);
const ImportExportPage = lazyPage(
  () => import('../routes/settings-data/import-export-page.tsx'),
  (m) => m.ImportExportPage,
);
const SlugRoute = lazyPage(
  () => import('../routes/public-page/slug-route.tsx'),
  (m) => m.SlugRoute,
);
const SettingsPage = lazyPage(
  () => import('../routes/settings/settings-page.tsx'),
  (m) => m.SettingsPage,
);
const PrivacySettingsPage = lazyPage(
  () => import('../routes/settings/privacy-page.tsx'),
  (m) => m.PrivacySettingsPage,
);
const AppearanceSettingsPage = lazyPage(
  () => import('../routes/settings/appearance-page.tsx'),
  (m) => m.AppearanceSettingsPage,
);
const NameEmailSettingsPage = lazyPage(
  () => import('../routes/settings/name-email-page.tsx'),
  (m) => m.NameEmailSettingsPage,
);
const SocialSharingSettingsPage = lazyPage(
  () => import('../routes/settings/social-sharing-page.tsx'),
  (m) => m.SocialSharingSettingsPage,
);
const ApiDocsPage = lazyPage(
  () => import('../routes/settings/api-docs-page.tsx'),
  (m) => m.ApiDocsPage,
);
const StudioPage = lazyPage(
  () => import('../routes/studio/studio-page.tsx'),
  (m) => m.StudioPage,
);
const PreviewPublishPage = lazyPage(
  () => import('../routes/studio/preview-publish-page.tsx'),
  (m) => m.PreviewPublishPage,
);
const CategoryPage = lazyPage(loadCategoryPage, (m) => m.CategoryPage);
const AllTemplatesPage = lazyPage(
  () => import('../routes/category/all-templates-page.tsx'),
  (m) => m.AllTemplatesPage,
);
const TemplateFolderPage = lazyPage(
  () => import('../routes/category/template-folder-view.tsx'),
  (m) => m.TemplateFolderPage,
);
const ShareInPage = lazyPage(
  () => import('../routes/share-in/share-in-page.tsx'),
  (m) => m.ShareInPage,
);
const ReceivePage = lazyPage(
  () => import('../routes/share-in/receive-page.tsx'),
  (m) => m.ReceivePage,
);
const FizzyButtonPage = lazyPage(
  () => import('../routes/demo/fizzy-button-page.tsx'),
  (m) => m.FizzyButtonPage,
);

export const routes: RouteObject[] = [
  // Part 1: landing and auth; part 2: static pages. No data providers: these ship the least code.
  { path: '/', element: <LandingPage /> },
  { path: '/auth', element: <AuthPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/data-deletion', element: <DataDeletionPage /> },
  { path: '/support', element: <SupportPage /> },
  { path: '/profile/customize', element: <Navigate to="/studio" replace /> },
  {
    path: '/demo/fizzy-button',
    element: (
      <PublicShell>
        <FizzyButtonPage />
      </PublicShell>
    ),
  },

  // Pages with data: TanStack Query and the supabase client (one chunk, loaded with the first of them).
  {
    element: <DataProviders />,
    children: [
      // Signed-in pages: header banner above, /auth when there is no session.
      {
        element: <SignedInLayout />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/category/:categoryId', element: <CategoryPage /> },
          { path: '/category/all-templates', element: <AllTemplatesPage /> },
          { path: '/category/all-templates/:templateId', element: <TemplateFolderPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/settings/privacy', element: <PrivacySettingsPage /> },
          { path: '/settings/appearance', element: <AppearanceSettingsPage /> },
          { path: '/settings/profile/name-email', element: <NameEmailSettingsPage /> },
          { path: '/settings/data', element: <ImportExportPage /> },
          { path: '/settings/social-sharing', element: <SocialSharingSettingsPage /> },
          { path: '/settings/social-sharing/api', element: <ApiDocsPage /> },
          { path: '/studio', element: <StudioPage /> },
          { path: '/studio/preview-publish', element: <PreviewPublishPage /> },
          { path: '/share/receive', element: <ShareInPage key="receive" method="web_share_target" /> },
          { path: '/share/capture', element: <ShareInPage key="capture" method="deep_link" /> },
        ],
      },
      // Public pages with data (they work signed out).
      {
        path: '/receive',
        element: (
          <PublicShell>
            <ReceivePage />
          </PublicShell>
        ),
      },
    ],
  },
  // Public profile pages read their one RPC with fetch: no data providers, no supabase-js (issue 14).
  { path: '/:slug/preview', element: <SlugRoute preview /> },
  { path: '/:slug', element: <SlugRoute /> },

  { path: '*', element: <NotFoundPage /> },
];
