// Filters per source: GET /sources/{source}/filters.json and {place path}/filters.json (the columns a
// caller may filter and style by: key, label, range flag, checkboxes), GET /sources/{source}/
// autocomplete.json?key=&query=&filter_path= (values of a column in a place) and {place path}/sources.json
// (the sources a place offers). {source} is "parcel" or the id of a stored source definition.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { boundedString } from '@parcel-map/contracts/bounded-string';
import type { Caller, CallerResolver } from '../../../auth/caller.ts';
import { canSeeTier, unlockPlan } from '@parcel-map/contracts/levels';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { parseContextPath } from '../places/context-path.ts';
import { sourceIdPattern } from '../../../tiles/definition/source-id.ts';
import { findSource } from './queries.ts';
import { filterOptions } from './filter-options.ts';
import { autocomplete, placeExists } from './filter-queries.ts';

const placeJson = /^(.*)\/(filters|sources)\.json$/;

const autocompleteQuery = z.object({
  key: boundedString(80).min(1),
  query: boundedString(100).default(''),
  filter_path: boundedString(256).optional(),
});

export function sourceFilterRoutes(deps: { sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();

  /** The place a source reads: its definition's path (stored sources), else none (the whole table). */
  const sourcePlace = async (source: string): Promise<string | undefined> => {
    if (source === 'parcel') return undefined;
    if (!sourceIdPattern.test(source))
      throw new ApiError('NOT_FOUND', `No source ${source.slice(0, 40)}; use parcel or a source id`);
    const stored = await findSource(deps.sql, source);
    if (!stored) throw new ApiError('NOT_FOUND', 'No source with that id');
    return stored.definition.query.path;
  };

  const knownPlace = async (raw: string): Promise<string> => {
    const path = parseContextPath(raw);
    if (!(await placeExists(deps.sql, path))) throw new ApiError('NOT_FOUND', `No place at ${path}`);
    return path;
  };

  const filtersJson = (c: Context, caller: Caller, source: string, path: string | undefined) =>
    c.json({ source, path: path ?? null, filters: filterOptions(caller.level) });

  app.get('/sources/:source/filters.json', async (c) => {
    const caller = await deps.callers.of(c);
    return filtersJson(c, caller, c.req.param('source'), await sourcePlace(c.req.param('source')));
  });

  app.get('/sources/:source/autocomplete.json', async (c) => {
    const caller = await deps.callers.of(c);
    const input = autocompleteQuery.parse(c.req.query());
    const field = parcelFieldsByName.get(input.key);
    if (!field) throw new ApiError('BAD_REQUEST', `Unknown field ${input.key}`, { parameter: 'key' });
    if (!canSeeTier(caller.level, field.tier)) {
      throw new ApiError('FORBIDDEN', `Your plan cannot read ${field.name}; it needs ${unlockPlan(field.tier)}`, {
        fields: [field.name],
      });
    }
    const path = input.filter_path ? await knownPlace(input.filter_path) : await sourcePlace(c.req.param('source'));
    const values = await autocomplete(deps.sql, field.name, input.query.trim(), path);
    return c.json({ key: field.name, query: input.query, suggestions: values });
  });

  // {path}/filters.json and {path}/sources.json for place paths; other paths fall through.
  app.get('*', async (c, next) => {
    const match =
      c.req.path.startsWith('/api/') || c.req.path.startsWith('/sources/') ? null : placeJson.exec(c.req.path);
    if (!match) return next();
    const caller = await deps.callers.of(c);
    const path = await knownPlace(match[1]!);
    if (match[2] === 'filters') return filtersJson(c, caller, 'parcel', path);
    return c.json({
      path,
      sources: [
        {
          id: 'parcel',
          name: 'Parcels',
          filters: `/sources/parcel/filters.json?filter_path=${encodeURIComponent(path)}`,
          autocomplete: '/sources/parcel/autocomplete.json',
        },
      ],
    });
  });

  return app;
}
