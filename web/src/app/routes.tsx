import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage, type LazyRoute } from './lazy-page.tsx';
import { loadDataProviders, loadPage, loadSignedInLayout, type PageModule } from './page-loaders.ts';
import { componentOf, REDIRECTS, ROUTE_MODULES, type PageAccess, type RouteModule } from './route-modules.ts';

/**
 * The route table, built from the one list of route modules (route-modules.ts): every route of both
 * spec documents. Each page is its own chunk; signed-in pages need a session, and anything else is
 * the 404.
 */
type PageProps = Record<string, string | boolean>;

const DataProviders = lazyPage(loadDataProviders, (m) => m.DataProviders);
const SignedInLayout = lazyPage(loadSignedInLayout, (m) => m.SignedInLayout);
const PublicShell = lazyPage(
  () => import('../routes/placeholder/public-shell.tsx'),
  (m) => m.PublicShell,
);

function pageComponent(module: RouteModule): LazyRoute<PageProps> {
  return lazyPage(loadPage(module), (loaded: PageModule) => {
    const component = loaded[componentOf(module)];
    if (typeof component !== 'function') throw new Error(`routes/${module.file} exports no ${componentOf(module)}`);
    return component as ComponentType<PageProps>;
  });
}

function routesOf(access: PageAccess): RouteObject[] {
  return ROUTE_MODULES.filter((module: RouteModule) => module.access === access).flatMap((module: RouteModule) => {
    const Page = pageComponent(module);
    return module.paths.map((entry) => {
      const { path, props } = typeof entry === 'string' ? { path: entry, props: undefined } : entry;
      // Keyed by path: a page at two paths (share-in) starts afresh when the path changes.
      const page = <Page key={path} {...props} />;
      return { path, element: module.shell ? <PublicShell>{page}</PublicShell> : page };
    });
  });
}

export const routes: RouteObject[] = [
  // Pages without data: no data providers, so they ship the least code.
  ...routesOf('public'),
  ...REDIRECTS.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
  // Pages with data: TanStack Query and the supabase client (one chunk, loaded with the first of them).
  {
    element: <DataProviders />,
    children: [
      // Signed-in pages: header banner above, /auth when there is no session.
      { element: <SignedInLayout />, children: routesOf('signed-in') },
      ...routesOf('data'),
    ],
  },
];
