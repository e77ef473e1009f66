// GET /sources/{id}/extent.json (the bounding box of the parcels a stored source definition selects)
// and GET /sources/{id}/colors (its legend: rule index, label, fill and line colour per style rule).
// {id} is the id the sources API answered; an unknown id is 404. A definition that filters on a
// premium column answers only callers whose plan can read that column, like its tiles.
import { Hono } from 'hono';
import type { Caller, CallerResolver } from '../../auth/caller.ts';
import { canSeeTier, unlockPlan } from '../../auth/tokens.ts';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { parcelFieldsByName } from '../../schema/parcel-fields.ts';
import { sourceIdPattern } from '../sources/canonical.ts';
import { legendOf } from '../sources/compile.ts';
import { findSource } from '../sources/queries.ts';
import { referencedFields, type SourceDefinition } from '../sources/schema.ts';
import { sourceExtent } from './queries.ts';

export function sourceExtentRoutes(deps: { sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();

  const load = async (caller: Caller, id: string): Promise<{ id: string; definition: SourceDefinition }> => {
    if (!sourceIdPattern.test(id)) throw new ApiError('NOT_FOUND', 'No source with that id');
    const stored = await findSource(deps.sql, id);
    if (!stored) throw new ApiError('NOT_FOUND', 'No source with that id');
    const locked = referencedFields(stored.definition).map((name) => parcelFieldsByName.get(name)).filter((f) => f && !canSeeTier(caller.level, f.tier));
    if (locked.length) {
      const plans = [...new Set(locked.map((f) => unlockPlan(f!.tier)))].join(' or ');
      throw new ApiError('FORBIDDEN', `Your plan cannot read ${locked.map((f) => f!.name).join(', ')}; these fields need ${plans}`, { fields: locked.map((f) => f!.name) });
    }
    return { id, definition: stored.definition };
  };

  app.get('/sources/:id/extent.json', async (c) => {
    const source = await load(await deps.callers.of(c), c.req.param('id'));
    const { bbox, parcels } = await sourceExtent(deps.sql, source.definition);
    return c.json({ id: source.id, bbox, parcels }, 200, { 'Cache-Control': 'private, max-age=300' });
  });

  app.get('/sources/:id/colors', async (c) => {
    const source = await load(await deps.callers.of(c), c.req.param('id'));
    return c.json({ id: source.id, colors: legendOf(source.definition.styles) }, 200, { 'Cache-Control': 'private, max-age=3600' });
  });

  return app;
}
