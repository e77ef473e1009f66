// What the street basemap draws with besides its tiles (basemap-source.ts): label glyphs at
// /api/v1/fonts/{fontstack}/{start}-{end}.pbf and the sprite at /api/v1/sprites/basemap[@2x].{json,png}.
// Public data: every caller gets them, and shared caches may keep them.
import { Hono } from 'hono';
import { ApiError } from '../../../errors.ts';
import type { TileContext } from '../../../tiles/tile-context.ts';
import { glyphRange, resolveFontstack } from './glyphs.ts';
import { spriteIndex, spritePng } from './sprite.ts';

const DAY = 86_400;
const glyphRangePattern = /^(\d{1,5})-(\d{1,5})\.pbf$/;

export function basemapRoutes(_tiles: TileContext): Hono {
  const app = new Hono();

  app.get('/api/v1/fonts/:fontstack/:range', (c) => {
    const font = resolveFontstack(c.req.param('fontstack'));
    if (!font)
      throw new ApiError(
        'NOT_FOUND',
        `No font ${c.req.param('fontstack')}; there are DejaVu Sans Book, Bold and Oblique`,
      );
    const match = glyphRangePattern.exec(c.req.param('range'));
    const start = Number(match?.[1]);
    if (!match || start % 256 !== 0 || Number(match[2]) !== start + 255 || start > 65_280) {
      throw new ApiError(
        'BAD_REQUEST',
        'A glyph range is {start}-{start+255}.pbf with start a multiple of 256 below 65536',
      );
    }
    return new Response(new Uint8Array(glyphRange(font, start)), {
      headers: { 'Content-Type': 'application/x-protobuf', 'Cache-Control': `public, max-age=${DAY * 7}` },
    });
  });

  app.get('/api/v1/sprites/:file', (c) => {
    const file = c.req.param('file');
    const match = /^basemap(@2x)?\.(json|png)$/.exec(file);
    if (!match)
      throw new ApiError('NOT_FOUND', `No sprite file ${file}; there are basemap.json, basemap.png and their @2x`);
    const ratio = match[1] ? 2 : 1;
    if (match[2] === 'json') return c.json(spriteIndex(ratio), 200, { 'Cache-Control': `public, max-age=${DAY}` });
    return new Response(new Uint8Array(spritePng(ratio)), {
      headers: { 'Content-Type': 'image/png', 'Cache-Control': `public, max-age=${DAY}` },
    });
  });

  return app;
}
