// GET /api/v1/dimensions.json?path={parcel path}: the lengths of the parcel's sides for the floating
// dimension labels, one entry per side of each exterior ring (a curve's short segments are one side).
import { Hono } from 'hono';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import type { CallerResolver } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { parseParcelPath } from '../places/context-path.ts';
import { toEdgeLength } from './dimension-lengths.ts';
import { edgeLengths, parcelExists } from './dimension-queries.ts';

export function dimensionRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  app.get('/api/v1/dimensions.json', async (c) => {
    await deps.callers.of(c);
    const raw = c.req.query('path');
    if (raw === undefined || raw === '')
      throw new ApiError('BAD_REQUEST', 'path is required (a parcel path such as /us/ma/middlesex/cambridge/123)');
    const { path } = parseParcelPath(raw);
    const edges = await edgeLengths(deps.sql, path);
    if (edges.length === 0 && !(await parcelExists(deps.sql, path)))
      throw new ApiError('NOT_FOUND', `No parcel at ${path}`);
    return c.json({ lengths: edges.map(toEdgeLength) });
  });
  return app;
}
