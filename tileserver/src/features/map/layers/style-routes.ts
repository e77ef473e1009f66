// GET /api/v1/styles/default.json (see default-style.ts). Answered for every caller; the style carries
// the caller's token into its source URLs, so it is private to that caller in shared caches.
import { Hono } from 'hono';
import { ApiError } from '../../../errors.ts';
import { publicOrigin, type TileContext } from '../../../tiles/tile-context.ts';
import { defaultStyle } from './default-style.ts';

export function styleRoutes(tiles: TileContext): Hono {
  const app = new Hono();
  app.get('/api/v1/styles/:name', async (c) => {
    const caller = await tiles.callers.of(c);
    if (c.req.param('name') !== 'default.json')
      throw new ApiError('NOT_FOUND', `No style ${c.req.param('name')}; there is default.json`);
    return c.json(defaultStyle(publicOrigin(c, tiles.config), caller), 200, { 'Cache-Control': 'private, no-cache' });
  });
  return app;
}
