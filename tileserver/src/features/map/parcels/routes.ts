// Parcel routes of the app API: GET {parcel path}.json (the parcel entity) and /parcels_at_point.json
// (Other Records at Location). What a caller sees is decided here from the token's level.
import { Hono } from 'hono';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { LookupMeter } from '../../people/lookup-limits/service.ts';
import { ApiError } from '../../../errors.ts';
import { countryOf, parseLatLon, parseParcelPath } from '../places/context-path.ts';
import { buildParcelEntity } from './entity.ts';
import { schemaKeys, type SchemaKey } from '@parcel-map/contracts/map/parcels';
import { fieldCatalog } from './field-catalog.ts';
import { maySeeField, paneFieldAccess } from './policy.ts';
import { parcelByPath, parcelsAtPoint } from './queries.ts';

const maxParcelsAtPoint = 50;
// A parcel path ends in digits; the first segment must look like a country code so that other
// numbered .json routes at the root (e.g. /sources/{id}.json) are left to their own handlers.
const parcelJson = /^(\/[A-Za-z]{2}\/.*\/\d+)\.json$/;

export function parcelRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver; lookups: LookupMeter }): Hono {
  const app = new Hono();

  // The field catalog of a country schema (Customise Property View Details); locks follow the caller.
  app.get('/parcel_fields.json', async (c) => {
    const caller = await deps.callers.of(c);
    const key = c.req.query('schema_key') ?? 'us';
    if (!schemaKeys.some((s) => s.key === key))
      throw new ApiError('BAD_REQUEST', `schema_key must be one of ${schemaKeys.map((s) => s.key).join(', ')}`);
    return c.json(fieldCatalog(key as SchemaKey, caller.level));
  });

  app.get('/parcels_at_point.json', async (c) => {
    const caller = await deps.callers.of(c);
    const { lat, lon } = parseLatLon({ lat: c.req.query('lat'), lon: c.req.query('lon') });
    const rows = await parcelsAtPoint(deps.sql, lon, lat, maxParcelsAtPoint);
    const visible = (name: string) => maySeeField(caller.level, name);
    return c.json({
      parcels: rows.map((r) => ({
        path: r.path,
        address: visible('address') ? r.address : null,
        owner: visible('owner') ? r.owner : null,
        parcelnumb: visible('parcelnumb') ? r.parcelnumb : null,
      })),
    });
  });

  app.get('*', async (c, next) => {
    const match = c.req.path.startsWith('/api/') ? null : parcelJson.exec(c.req.path);
    if (!match) return next();
    const caller = await deps.callers.of(c);
    const parcel = parseParcelPath(match[1]!);
    const access = paneFieldAccess(caller.level);
    const row = await parcelByPath(
      deps.sql,
      parcel.path,
      parcel.placePath,
      access.visible.map((f) => f.name),
      access.locked.map((f) => f.name),
    );
    if (!row) throw new ApiError('NOT_FOUND', `No parcel at ${parcel.path}`);
    // Each record opened counts one lookup of the caller's day; at the limit this is a 429.
    await deps.lookups.take(c, caller);
    return c.json(buildParcelEntity(row, caller.level, countryOf(parcel.path), parcel.placePath));
  });

  return app;
}
