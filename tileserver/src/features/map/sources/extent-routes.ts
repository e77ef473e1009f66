// GET /sources/{id}/extent.json (the bounding box of the parcels a stored source definition selects)
// and GET /sources/{id}/colors (its legend: rule index, label, fill and line colour per style rule).
// {id} is the id the sources API answered; an unknown id is 404. A definition that filters on a
// premium column answers only callers whose plan can read that column, like its tiles; an anonymous
// caller's needs a place of county size or smaller (a definition without one selects the whole table).
import { Hono } from 'hono';
import type { Caller, CallerResolver } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { canonicalJson, sourceIdPattern } from '../../../tiles/definition/source-id.ts';
import { legendOf } from '../../../tiles/definition/compile.ts';
import { findSource } from './queries.ts';
import { assertDefinitionAllowed } from './policy.ts';
import type { SourceDefinition } from '@parcel-map/contracts/map/source-definition';
import type { LayerVersions } from '../../../tiles/layer-versions.ts';
import { sourceExtent } from './extent-queries.ts';

/** Extents kept in memory, keyed by selection and data versions (a data reload makes new keys). */
const MAX_CACHED = 1000;

/** Place paths an anonymous caller's extent may cover: a county or smaller (/us/ma/middlesex...). */
const boundedPlace = /^\/[a-z]{2}\/[a-z0-9-]+\/[a-z0-9-]+(\/|$)/;

export const extentTexts = {
  needsPlace:
    'The extent of a source without a county, city or smaller place needs an account: sign in, or add a place path to the source',
};

export function sourceExtentRoutes(deps: { sql: Sql; callers: CallerResolver; versions: LayerVersions }): Hono {
  const app = new Hono();
  // ST_Extent reads every selected parcel (about 0.1-0.4 s for Cambridge's 13,000): computed once per
  // selection (the definition's query, not its id: a new id costs only a colour) and data version,
  // then answered from memory; concurrent misses of one selection share one scan.
  const cache = new Map<string, Promise<Awaited<ReturnType<typeof sourceExtent>>>>();

  const load = async (caller: Caller, id: string): Promise<{ id: string; definition: SourceDefinition }> => {
    if (!sourceIdPattern.test(id)) throw new ApiError('NOT_FOUND', 'No source with that id');
    const stored = await findSource(deps.sql, id);
    if (!stored) throw new ApiError('NOT_FOUND', 'No source with that id');
    assertDefinitionAllowed(caller, stored.definition);
    return { id, definition: stored.definition };
  };

  app.get('/sources/:id/extent.json', async (c) => {
    const caller = await deps.callers.of(c);
    const source = await load(caller, c.req.param('id'));
    const { query } = source.definition;
    // A selection without a bounded place is a scan of the whole table: not for anonymous callers.
    if (caller.via === 'anonymous' && !boundedPlace.test(query.path ?? ''))
      throw new ApiError('FORBIDDEN', extentTexts.needsPlace);
    const surveyVersion = query.survey === undefined ? '' : `:${await deps.versions.get(`survey:${query.survey}`)}`;
    const key = `${canonicalJson(query)}@${await deps.versions.get('parcels')}${surveyVersion}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = sourceExtent(deps.sql, source.definition);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(key, pending);
      // A failed scan (a timeout) is not remembered: the next request tries again.
      pending.catch(() => cache.delete(key));
    }
    const { bbox, parcels } = await pending;
    return c.json({ id: source.id, bbox, parcels }, 200, { 'Cache-Control': 'private, max-age=300' });
  });

  app.get('/sources/:id/colors', async (c) => {
    const source = await load(await deps.callers.of(c), c.req.param('id'));
    return c.json({ id: source.id, colors: legendOf(source.definition.styles) }, 200, {
      'Cache-Control': 'private, max-age=3600',
    });
  });

  return app;
}
