// The router of the pages (loaded only on a page path, never by the map screen).
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { pages } from './page-routes.tsx';

export function PageRouter() {
  const routes: RouteObject[] = pages.map((page) => ({ path: page.path, lazy: page.load }));
  return <RouterProvider router={createBrowserRouter(routes)} />;
}
