// The app's own route table (Hono's app.routes), so every suite here covers a route the day it is
// mounted: the fuzz suite attacks each one, the access matrix demands an entry for each one.
import type { Hono } from 'hono';
import { familyOfRoute } from '../features/ops/metrics/route-families.ts';

export interface Route {
  method: string;
  /** Hono's pattern: `/g/:group/maps/:slug{[a-z0-9-]+\.json}`. */
  path: string;
}

/** Handlers, not middleware (`ALL` entries and `use()` wildcards), each method and pattern once. */
export function routeTable(app: Hono): Route[] {
  const seen = new Map<string, Route>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = routeKey(route);
    if (!seen.has(key)) seen.set(key, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

export const routeKey = (route: Route) => `${route.method} ${route.path}`;

/** The route's family (features/ops/metrics/route-families.ts), shared with the request metrics. */
export function familyOf(route: Route): string {
  return familyOfRoute(route.path);
}

export function byFamily(routes: Route[]): Map<string, Route[]> {
  const grouped = new Map<string, Route[]>();
  for (const route of routes) {
    const family = familyOf(route);
    grouped.set(family, [...(grouped.get(family) ?? []), route]);
  }
  return grouped;
}

/** A pattern's pieces: literal text, or a parameter with its optional regex (`:id{[0-9]+}`), or `*`. */
export type Piece = { literal: string } | { param: string; pattern?: string } | { wildcard: true };

export function pieces(path: string): Piece[] {
  const out: Piece[] = [];
  // Parameters may carry a regex with braces and slashes of their own, so this scans instead of splitting.
  let i = 0;
  while (i < path.length) {
    if (path[i] === ':') {
      let j = i + 1;
      while (j < path.length && /[A-Za-z0-9_]/.test(path[j]!)) j++;
      const param = path.slice(i + 1, j);
      if (path[j] === '{') {
        let depth = 0;
        let k = j;
        for (; k < path.length; k++) {
          if (path[k] === '{') depth++;
          else if (path[k] === '}' && --depth === 0) break;
        }
        out.push({ param, pattern: path.slice(j + 1, k) });
        i = k + 1;
      } else {
        out.push({ param });
        i = j;
      }
    } else if (path[i] === '*') {
      out.push({ wildcard: true });
      i++;
    } else {
      let j = i;
      while (j < path.length && path[j] !== ':' && path[j] !== '*') j++;
      out.push({ literal: path.slice(i, j) });
      i = j;
    }
  }
  return out;
}
