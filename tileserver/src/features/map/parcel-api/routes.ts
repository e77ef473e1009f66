// The parcel API (/api/v2) for API plans: parcels by point, address, parcel number and field filters,
// answered as GeoJSON FeatureCollections with the fields the plan's schema allows (standard: the Pro
// fields, premium: the Team fields; the tier logic of features/map/parcels/), only in the sandbox's
// counties, at most the records left before a limit or cap, each returned record metered.
import { Hono, type Context } from 'hono';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Level } from '@parcel-map/contracts/levels';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import type { UsageMeter } from '../../../metering/usage-meter.ts';
import { publicOrigin } from '../../../tiles/tile-context.ts';
import type { Config } from '../../../config.ts';
import type { ApiGate } from '../../commerce/api-plans/standing.ts';
import { fieldAccess } from '../parcels/field-access.ts';
import { openApiDocument } from './openapi.ts';
import { addressWhere, apnWhere, fieldsWhere, findParcels, pointWhere } from './queries.ts';
import { addressQuery, apnQuery, fieldFilters, fieldsQuery, pointQuery } from '@parcel-map/contracts/map/parcel-api';

export interface ParcelApiDeps {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  gate: ApiGate;
  meter: UsageMeter;
}

export const needsApiPlan = 'The parcel API is for API plans: start a free sandbox or choose a plan at /plans, then send your API token (Authorization: Bearer <token> or ?token=).';

const visibleByLevel = new Map<Level, string[]>((['pro', 'team', 'admin'] as const).map((level) => [level, fieldAccess(level).visible.map((f) => f.name)]));

interface Access {
  level: Level;
  counties: readonly string[] | null;
  groupId: number | null;
  recordsLeft: number;
}

export function parcelApiRoutes(deps: ParcelApiDeps): Hono {
  const app = new Hono();
  const { sql } = deps;

  const access = async (c: Context): Promise<Access> => {
    const caller = await deps.callers.of(c);
    if (caller.level === 'admin' && !caller.group) return { level: 'admin', counties: null, groupId: null, recordsLeft: Infinity };
    if (caller.via === 'anonymous') throw new ApiError('UNAUTHORIZED', needsApiPlan);
    if (!caller.group) throw new ApiError('FORBIDDEN', needsApiPlan, { upgrade: '/plans' });
    const standing = await deps.gate.assert(caller);
    if (!standing) throw new ApiError('FORBIDDEN', needsApiPlan, { upgrade: '/plans' });
    return {
      level: standing.plan.limits.schema === 'premium' ? 'team' : 'pro',
      counties: standing.plan.sandbox ? standing.row.counties : null,
      groupId: caller.group.id,
      recordsLeft: standing.recordsLeft,
    };
  };

  const answer = async (c: Context, who: Access, where: ReturnType<typeof pointWhere>, options: { limit: number; path?: string }) => {
    const collection = await findParcels(sql, { ...where, visible: visibleByLevel.get(who.level)!, counties: who.counties, path: options.path, limit: Math.min(options.limit, who.recordsLeft) });
    if (who.groupId !== null) deps.meter.countRecords(who.groupId, collection.features.length);
    return c.json(collection, 200, { 'Cache-Control': 'private, no-store' });
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
    const filters = fieldFilters.parse(Object.fromEntries(Object.entries(query).flatMap(([key, value]) => {
      const name = /^fields\[([^\]]*)\]$/.exec(key)?.[1];
      return name === undefined ? [] : [[name, value]];
    })));
    const allowed = new Set(visibleByLevel.get(who.level));
    const refused = Object.keys(filters).filter((name) => !allowed.has(name));
    if (refused.length) throw new ApiError('BAD_REQUEST', `Fields not in your plan's schema: ${refused.join(', ')}`, { fields: refused });
    return answer(c, who, fieldsWhere(sql, filters), q);
  });

  app.get('/api/v2/openapi.json', (c) => c.json(openApiDocument(`${publicOrigin(c, deps.config)}`)));

  return app;
}
