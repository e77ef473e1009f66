// The zoning layer: TileJSON at GET /api/v1/zoning and tiles at /api/v1/zoning/{z}/{x}/{y}.mvt, zoom
// 11 to 20. District codes and names are public city maps, so every caller (public token included)
// gets them; the standardized zoning_type and zoning_subtype are Pro fields, so only callers who may
// read them get tiles that carry them (a cache entry of their own, private with Vary), and the
// code-only tiles vary by credentials too, since a session's tile URL is the anonymous one.
import { Hono } from 'hono';
import type { Caller } from '../../../auth/caller.ts';
import { canSeeTier } from '@parcel-map/contracts/levels';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { assertZoomInRange, parseTileCoords, stripMvt } from '../../../tiles/tile-coords.ts';
import { publicOrigin, tileTemplate, type TileContext } from '../../../tiles/tile-context.ts';
import { sendTile, tileCaller } from '../../../tiles/tile-gate.ts';
import { tileRequestOf } from '../../../tiles/routes.ts';
import { tableBounds } from '../../../tiles/bounds.ts';
import { zoningCodeTileSql, zoningTileSql } from './zoning-queries.ts';
import { zoningCodeTileFields, zoningLayer, zoningTileFields } from '@parcel-map/contracts/map/zoning-types';

const DAY = 86_400;

/** Whether the caller may read the standardized zoning fields (the catalog's tier of zoning_type). */
export function seesZoningTypes(caller: Caller): boolean {
  return canSeeTier(caller.level, parcelFieldsByName.get('zoning_type')!.tier);
}

export function zoningRoutes(tiles: TileContext): Hono {
  const app = new Hono();

  app.get('/api/v1/zoning', async (c) => {
    const caller = await tiles.callers.of(c);
    const typed = seesZoningTypes(caller);
    const version = await tiles.versions.get('zoning');
    const answer = c.json({
      tilejson: '3.0.0',
      name: 'zoning',
      description: typed ? 'Zoning districts: code, name and standardized zoning type' : 'Zoning districts: code and name (the standardized zoning type needs Pro)',
      attribution: 'Zoning: City of Cambridge GIS (PDDL 1.0)',
      version: String(version),
      scheme: 'xyz',
      tiles: [tileTemplate(publicOrigin(c, tiles.config), '/api/v1/zoning', caller.token, version)],
      minzoom: zoningLayer.minzoom,
      maxzoom: zoningLayer.maxzoom,
      bounds: await tableBounds(tiles.sql, 'zoning_districts', version),
      vector_layers: [{ id: 'zoning', minzoom: zoningLayer.minzoom, maxzoom: zoningLayer.maxzoom, fields: typed ? zoningTileFields : zoningCodeTileFields }],
    });
    answer.headers.append('Vary', 'Cookie, Authorization');
    return answer;
  });

  app.get('/api/v1/zoning/:z/:x/:y', async (c) => {
    const caller = await tileCaller(tiles, c);
    const coords = parseTileCoords(c.req.param('z'), c.req.param('x'), stripMvt(c.req.param('y')));
    assertZoomInRange(coords.z, zoningLayer.minzoom, zoningLayer.maxzoom, 'The zoning layer');
    const version = await tiles.versions.get('zoning');
    const typed = seesZoningTypes(caller);
    const tile = await tiles.renderer.tile(typed ? `zoning@${version}` : `zoning-codes@${version}`, typed ? zoningTileSql : zoningCodeTileSql, coords, tileRequestOf(c));
    return sendTile(tiles, c, caller, tile, { maxAge: DAY, audience: typed ? 'private' : 'varies' });
  });

  return app;
}
