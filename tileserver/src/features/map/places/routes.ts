// Place routes of the app API: /at_point.json (breadcrumbs), {place path}/boundaries.json (outline)
// and {place path}/children.json (sub-places). Place paths are parsed here, never trusted; the spec's
// /us/neighborhoods/{slug or id} alias answers as the neighbourhood it names (its own path in the answer).
import { Hono } from 'hono';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import type { CallerResolver } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { parseContextPath, parseLatLon } from './context-path.ts';
import {
  placeKinds,
  type AtPoint,
  type BoundaryFeature,
  type ChildrenResponse,
} from '@parcel-map/contracts/map/places';
import { canonicalPlacePath } from './service.ts';
import { bboxOf, placeBoundary, placeChildren, placeExists, placesAtPoint } from './queries.ts';

const placeJson = /^(.*)\/(boundaries|children)\.json$/;

export function placeRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();

  app.get('/at_point.json', async (c) => {
    await deps.callers.of(c);
    const { lat, lon } = parseLatLon({ lat: c.req.query('lat'), lon: c.req.query('lon') });
    const found = new Map((await placesAtPoint(deps.sql, lon, lat)).map((p) => [p.kind, p]));
    const answer = {} as AtPoint;
    for (const kind of placeKinds) {
      const place = found.get(kind);
      answer[kind] = place
        ? {
            path: place.path,
            name: place.name,
            headline: place.headline,
            headline_alt: place.headline_alt ?? place.headline,
            kind: place.kind,
          }
        : null;
    }
    return c.json(answer);
  });

  // {path}/boundaries.json and {path}/children.json for any place path. Other paths fall through to
  // the routes mounted later (tiles, other features, the viewer's index.html).
  app.get('*', async (c, next) => {
    const match = c.req.path.startsWith('/api/') ? null : placeJson.exec(c.req.path);
    if (!match) return next();
    await deps.callers.of(c);
    const asked = parseContextPath(match[1]!);
    const path = await canonicalPlacePath(deps.sql, asked);
    if (path === null) throw new ApiError('NOT_FOUND', `No neighborhood at ${asked}`);
    if (match[2] === 'boundaries') {
      const row = await placeBoundary(deps.sql, path);
      if (!row) throw new ApiError('NOT_FOUND', `No place at ${path}`);
      const feature: BoundaryFeature = {
        type: 'Feature',
        geometry: row.geometry,
        properties: {
          path: row.path,
          name: row.name,
          headline: row.headline,
          headline_alt: row.headline_alt ?? row.headline,
          kind: row.kind,
          parent_path: row.parent_path,
          bbox: bboxOf(row),
          synthetic: row.synthetic,
          outline_derived: row.outline_derived,
        },
      };
      return c.json(feature);
    }
    const withGeometry = ['1', 'true'].includes(c.req.query('geometry') ?? '');
    const children = await placeChildren(deps.sql, path, withGeometry);
    if (children.length === 0 && !(await placeExists(deps.sql, path)))
      throw new ApiError('NOT_FOUND', `No place at ${path}`);
    const answer: ChildrenResponse = {
      children: children.map((child) => ({
        path: child.path,
        name: child.name,
        headline: child.headline,
        headline_alt: child.headline_alt ?? child.headline,
        kind: child.kind,
        bbox: bboxOf(child),
        ...(withGeometry ? { geometry: child.geometry } : {}),
      })),
    };
    return c.json(answer);
  });

  return app;
}
