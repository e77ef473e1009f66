// GET /api/v1/styles/default.json (see default-style.ts). Answered for every caller with a weak ETag (304
// on a match) and a short max-age. The style carries the caller's token into its source URLs and the
// site-control layers for entitled callers, so only the anonymous style may sit in a shared cache, keyed
// by the credentials (a session's URL is the anonymous one); anyone else's is private.
import { Hono } from 'hono';
import { ApiError } from '../../../errors.ts';
import { validatedJson } from '../../../tiles/http-cache.ts';
import { publicOrigin, type TileContext } from '../../../tiles/tile-context.ts';
import { defaultStyle } from './default-style.ts';

export function styleRoutes(tiles: TileContext): Hono {
  const app = new Hono();
  app.get('/api/v1/styles/:name', async (c) => {
    const caller = await tiles.callers.of(c);
    if (c.req.param('name') !== 'default.json')
      throw new ApiError('NOT_FOUND', `No style ${c.req.param('name')}; there is default.json`);
    const style = defaultStyle(publicOrigin(c, tiles.config), caller);
    return validatedJson(c, style, caller.via === 'anonymous' ? 'varies' : 'private');
  });
  return app;
}
