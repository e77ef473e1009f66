// GET /api/openapi.json: the OpenAPI 3.1 document of the whole public API, generated from the route
// registry in contracts (contracts/src/api-routes.ts), with the public origin as its server. The
// parcel API's former address, /api/v2/openapi.json, answers the same document.
import { Hono } from 'hono';
import type { Config } from '../../../config.ts';
import { publicOrigin } from '../../../tiles/tile-context.ts';
import { apiDocument } from '@parcel-map/contracts/api-routes';

export const openApiPaths = ['/api/openapi.json', '/api/v2/openapi.json'] as const;

export function openApiRoutes(deps: { config: Config }): Hono {
  const app = new Hono();
  // One document per origin: built on first ask, as the registry does not change while running.
  const built = new Map<string, ReturnType<typeof apiDocument>>();
  for (const path of openApiPaths) {
    app.get(path, (c) => {
      const origin = publicOrigin(c, deps.config);
      let document = built.get(origin);
      if (!document) built.set(origin, (document = apiDocument(origin)));
      return c.json(document, 200, { 'Cache-Control': 'public, max-age=300' });
    });
  }
  return app;
}
