// The zoning layer: TileJSON at GET /api/v1/zoning and tiles at /api/v1/zoning/{z}/{x}/{y}.mvt, zoom
// 11 to 20. Zoning districts are public city maps, so every caller (public token included) gets them.
import { Hono } from 'hono';
import { assertZoomInRange, parseTileCoords, stripMvt } from '../../tiles/tile-coords.ts';
import { publicOrigin, tileTemplate, type TileContext } from '../../tiles/tile-context.ts';
import { tileResponse } from '../../tiles/tile-response.ts';
import { tileRequestOf } from '../../tiles/routes.ts';
import { tableBounds } from '../../tiles/bounds.ts';
import { zoningTileSql } from './queries.ts';
import { zoningLayer, zoningTileFields } from './zoning-types.ts';

const DAY = 86_400;

export function zoningRoutes(tiles: TileContext): Hono {
  const app = new Hono();

  app.get('/api/v1/zoning', async (c) => {
    const caller = await tiles.callers.of(c);
    const version = await tiles.versions.get('zoning');
    return c.json({
      tilejson: '3.0.0',
      name: 'zoning',
      description: 'Zoning districts: code, name and standardized zoning type',
      attribution: 'Zoning: City of Cambridge GIS (PDDL 1.0)',
      version: String(version),
      scheme: 'xyz',
      tiles: [tileTemplate(publicOrigin(c, tiles.config), '/api/v1/zoning', caller.token, version)],
      minzoom: zoningLayer.minzoom,
      maxzoom: zoningLayer.maxzoom,
      bounds: await tableBounds(tiles.sql, 'zoning_districts', version),
      vector_layers: [{ id: 'zoning', minzoom: zoningLayer.minzoom, maxzoom: zoningLayer.maxzoom, fields: zoningTileFields }],
    });
  });

  app.get('/api/v1/zoning/:z/:x/:y', async (c) => {
    await tiles.callers.of(c);
    const coords = parseTileCoords(c.req.param('z'), c.req.param('x'), stripMvt(c.req.param('y')));
    assertZoomInRange(coords.z, zoningLayer.minzoom, zoningLayer.maxzoom, 'The zoning layer');
    const version = await tiles.versions.get('zoning');
    const tile = await tiles.renderer.tile(`zoning@${version}`, zoningTileSql, coords, tileRequestOf(c));
    return tileResponse(c, tile, DAY);
  });

  return app;
}
