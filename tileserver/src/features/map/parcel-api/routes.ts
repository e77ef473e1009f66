// The parcel API (/api/v2) for API plans: parcels by point, address, parcel number and field filters,
// answered as GeoJSON FeatureCollections with the fields the plan's schema allows (standard: the Pro
// fields, premium: the Team fields; the tier logic of features/map/parcels/), only in the sandbox's
// counties, at most the records left before a limit or cap, each returned record metered. Past one
// page, a next link (in the collection and a Link header, on the configured public origin) carries a
// keyset cursor (cursor.ts), so walking the links answers every match once. Also the OpenAPI document
// of the whole public API (openapi.ts).
import { Hono, type Context } from 'hono';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import type { UsageMeter } from '../../../metering/usage-meter.ts';
import type { Config } from '../../../config.ts';
import type { ApiGate } from '../../commerce/api-plans/standing.ts';
import { accessOfStanding, apiCaller, apiFields, assertFiltersAllowed, type Access } from './policy.ts';
import { openApiRoutes } from './openapi.ts';
import { publicOrigin } from '../../../tiles/tile-context.ts';
import { decodeCursor, encodeCursor, queryDigest } from './cursor.ts';
import { addressWhere, apnWhere, fieldsWhere, findParcels, pointWhere, type Match } from './queries.ts';
import { addressQuery, apnQuery, fieldFilters, fieldsQuery, pointQuery } from '@parcel-map/contracts/map/parcel-api';

export interface ParcelApiDeps {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  gate: ApiGate;
  meter: UsageMeter;
}

export function parcelApiRoutes(deps: ParcelApiDeps): Hono {
  const app = new Hono();
  const { sql } = deps;

  const access = async (c: Context): Promise<Access> => {
    const caller = await deps.callers.of(c);
    const who = apiCaller(caller);
    if ('access' in who) return who.access;
    return accessOfStanding(who.groupId, await deps.gate.assert(caller));
  };

  const answer = async (
    c: Context,
    who: Access,
    match: Match,
    options: { limit: number; cursor?: string; path?: string },
  ) => {
    const query = c.req.query();
    const digest = queryDigest(c.req.path, query);
    const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor, digest);
    const { collection, next } = await findParcels(sql, {
      ...match,
      visible: apiFields(who),
      counties: who.counties,
      path: options.path,
      after,
      limit: Math.min(options.limit, who.recordsLeft),
    });
    if (who.groupId !== null) deps.meter.countRecords(who.groupId, collection.features.length);
    const headers: Record<string, string> = {
      // GeoJSON's own media type (RFC 7946), which GIS clients recognise; the body is the same JSON.
      'Content-Type': 'application/geo+json',
      'Cache-Control': 'private, no-store',
    };
    if (next) {
      // The same query (and a token given in it, so that a client following links stays signed in) on
      // the configured origin, never the Host header's.
      const params = new URLSearchParams({ ...query, cursor: encodeCursor(digest, next) });
      const href = `${publicOrigin(c, deps.config)}${c.req.path}?${params.toString()}`;
      collection.links = [{ rel: 'next', href, type: 'application/geo+json' }];
      headers.Link = `<${href}>; rel="next"; type="application/geo+json"`;
    }
    return c.body(JSON.stringify(collection), 200, headers);
  };

  app.get('/api/v2/parcels/point', async (c) => {
    // Who may ask comes before what was asked: an anonymous caller learns nothing about the input.
    const who = await access(c);
    const q = pointQuery.parse(c.req.query());
    return answer(c, who, pointWhere(sql, q.lon, q.lat, q.radius), q);
  });

  app.get('/api/v2/parcels/address', async (c) => {
    const who = await access(c);
    const q = addressQuery.parse(c.req.query());
    return answer(c, who, addressWhere(sql, q.query), q);
  });

  app.get('/api/v2/parcels/apn', async (c) => {
    const who = await access(c);
    const q = apnQuery.parse(c.req.query());
    return answer(c, who, apnWhere(sql, q.parcelnumb), q);
  });

  app.get('/api/v2/parcels/query', async (c) => {
    const who = await access(c);
    const query = c.req.query();
    const q = fieldsQuery.parse(query);
    const filters = fieldFilters.parse(
      Object.fromEntries(
        Object.entries(query).flatMap(([key, value]) => {
          const name = /^fields\[([^\]]*)\]$/.exec(key)?.[1];
          return name === undefined ? [] : [[name, value]];
        }),
      ),
    );
    assertFiltersAllowed(who, Object.keys(filters));
    return answer(c, who, fieldsWhere(sql, filters), q);
  });

  app.route('/', openApiRoutes(deps));

  return app;
}
