// The page routes beside the map screen (/coverage, account and admin pages, legal texts): each page
// is its own lazily loaded module, so the map screen's first load stays small. Any other path is the
// map screen (place and parcel paths included), booted by main.tsx without the router.
import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';

type PageModule = () => Promise<{ Component: ComponentType }>;

/** One entry per page: the path pattern and its module. Add new pages here. */
export const pages: { path: string; load: PageModule }[] = [
  { path: '/coverage', load: () => import('../features/coverage/coverage-screen.tsx').then((m) => ({ Component: m.CoverageScreen })) },
  { path: '/settings/property-details', load: () => import('./property-details/property-details-page.tsx').then((m) => ({ Component: m.PropertyDetailsPage })) },
];

const matchers = pages.map((page) => new RegExp(`^${page.path.replace(/:[^/]+/g, '[^/]+').replace(/\*$/, '.*')}/?$`));

/** Whether a path is one of the pages (else it belongs to the map screen). */
export function isPagePath(pathname: string): boolean {
  return matchers.some((m) => m.test(pathname));
}

export function PageRouter() {
  const routes: RouteObject[] = pages.map((page) => ({ path: page.path, lazy: page.load }));
  return <RouterProvider router={createBrowserRouter(routes)} />;
}
