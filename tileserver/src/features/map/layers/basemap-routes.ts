// The street basemap served by us: TileJSON at GET /api/v1/basemap, tiles at
// /api/v1/basemap/{z}/{x}/{y}.mvt (layers water, streets, boundaries, place_labels), label glyphs at
// /api/v1/fonts/{fontstack}/{start}-{end}.pbf and the sprite at /api/v1/sprites/basemap[@2x].{json,png}.
// Public data: every caller gets them, and shared caches may keep them; an API token's tiles pass the
// tile gate (API standing, metering) like every tile route.
import { Hono } from 'hono';
import { ApiError } from '../../../errors.ts';
import { assertZoomInRange, parseTileCoords, stripMvt } from '../../../tiles/tile-coords.ts';
import { publicOrigin, tileTemplate, type TileContext } from '../../../tiles/tile-context.ts';
import { sendTile, tileCaller } from '../../../tiles/tile-gate.ts';
import { tileRequestOf } from '../../../tiles/routes.ts';
import { tableBounds } from '../../../tiles/bounds.ts';
import { glyphRange, resolveFontstack } from './glyphs.ts';
import { basemapFields, basemapLayer, basemapTileSql } from './basemap-queries.ts';
import { spriteIndex, spritePng } from './sprite.ts';

const DAY = 86_400;
const glyphRangePattern = /^(\d{1,5})-(\d{1,5})\.pbf$/;

export const basemapAttribution = 'Streets and water: City of Cambridge GIS (PDDL 1.0); boundaries: US Census Bureau, Statistics Canada';

export function basemapRoutes(tiles: TileContext): Hono {
  const app = new Hono();

  app.get('/api/v1/basemap', async (c) => {
    const caller = await tiles.callers.of(c);
    const version = await tiles.versions.get('basemap');
    return c.json({
      tilejson: '3.0.0',
      name: 'basemap',
      description: 'Street basemap: streets by class with names, water, boundaries and place labels',
      attribution: basemapAttribution,
      version: String(version),
      scheme: 'xyz',
      tiles: [tileTemplate(publicOrigin(c, tiles.config), '/api/v1/basemap', caller.token, version)],
      minzoom: basemapLayer.minzoom,
      maxzoom: basemapLayer.maxzoom,
      bounds: await tableBounds(tiles.sql, 'streets', version),
      vector_layers: Object.entries(basemapFields).map(([id, fields]) => ({ id, minzoom: basemapLayer.minzoom, maxzoom: basemapLayer.maxzoom, fields })),
    });
  });

  app.get('/api/v1/basemap/:z/:x/:y', async (c) => {
    const caller = await tileCaller(tiles, c);
    const coords = parseTileCoords(c.req.param('z'), c.req.param('x'), stripMvt(c.req.param('y')));
    assertZoomInRange(coords.z, basemapLayer.minzoom, basemapLayer.maxzoom, 'The basemap');
    // Boundaries and labels come from places, streets and water from their own tables: both versions key the tile.
    const version = `${await tiles.versions.get('basemap')}.${await tiles.versions.get('places')}`;
    const tile = await tiles.renderer.tile(`basemap@${version}`, basemapTileSql, coords, tileRequestOf(c));
    return sendTile(tiles, c, caller, tile, { maxAge: DAY, audience: 'public' });
  });

  app.get('/api/v1/fonts/:fontstack/:range', (c) => {
    const font = resolveFontstack(c.req.param('fontstack'));
    if (!font) throw new ApiError('NOT_FOUND', `No font ${c.req.param('fontstack')}; there are DejaVu Sans Book, Bold and Oblique`);
    const match = glyphRangePattern.exec(c.req.param('range'));
    const start = Number(match?.[1]);
    if (!match || start % 256 !== 0 || Number(match[2]) !== start + 255 || start > 65_280) {
      throw new ApiError('BAD_REQUEST', 'A glyph range is {start}-{start+255}.pbf with start a multiple of 256 below 65536');
    }
    return new Response(new Uint8Array(glyphRange(font, start)), {
      headers: { 'Content-Type': 'application/x-protobuf', 'Cache-Control': `public, max-age=${DAY * 7}` },
    });
  });

  app.get('/api/v1/sprites/:file', (c) => {
    const file = c.req.param('file');
    const match = /^basemap(@2x)?\.(json|png)$/.exec(file);
    if (!match) throw new ApiError('NOT_FOUND', `No sprite file ${file}; there are basemap.json, basemap.png and their @2x`);
    const ratio = match[1] ? 2 : 1;
    if (match[2] === 'json') return c.json(spriteIndex(ratio), 200, { 'Cache-Control': `public, max-age=${DAY}` });
    return new Response(new Uint8Array(spritePng(ratio)), { headers: { 'Content-Type': 'image/png', 'Cache-Control': `public, max-age=${DAY}` } });
  });

  return app;
}
