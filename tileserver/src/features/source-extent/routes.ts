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
import type { LayerVersions } from '../../tiles/layer-versions.ts';
import { sourceExtent } from './queries.ts';

/** Extents kept in memory, keyed by source id and parcels version (a data reload makes new keys). */
const MAX_CACHED = 1000;

export function sourceExtentRoutes(deps: { sql: Sql; callers: CallerResolver; versions: LayerVersions }): Hono {
  const app = new Hono();
  // ST_Extent reads every selected parcel (about 0.1-0.4 s for Cambridge's 13,000): computed once per
  // source and parcels version, then answered from memory.
  const cache = new Map<string, Awaited<ReturnType<typeof sourceExtent>>>();

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
    const key = `${source.id}@${await deps.versions.get('parcels')}`;
    let extent = cache.get(key);
    if (!extent) {
      extent = await sourceExtent(deps.sql, source.definition);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(key, extent);
    }
    const { bbox, parcels } = extent;
    return c.json({ id: source.id, bbox, parcels }, 200, { 'Cache-Control': 'private, max-age=300' });
  });

  app.get('/sources/:id/colors', async (c) => {
    const source = await load(await deps.callers.of(c), c.req.param('id'));
    return c.json({ id: source.id, colors: legendOf(source.definition.styles) }, 200, { 'Cache-Control': 'private, max-age=3600' });
  });

  return app;
}
