// GET /api/v1/config.json (basemap and terrain URLs from configuration, the parcel minimum zoom) and
// GET /api/v1/layers.json (the additional-layer catalogue, admin-only layers for admins alone). 3D
// terrain is site control (Pro, Team, admins, as the viewer's Tools panel gates it), so only those
// callers are given TERRAIN_URL.
import { Hono } from 'hono';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Level } from '@parcel-map/contracts/levels';
import type { ClientConfig } from '@parcel-map/contracts/map/layers';
import { parcelLayer } from '../../../tiles/tile-queries.ts';
import { catalogueFor } from './catalog.ts';
import { hasSiteControl } from './policy.ts';

export function clientConfig(config: Config, level: Level): ClientConfig {
  const basemaps: ClientConfig['basemaps'] = {};
  if (config.BASEMAP_SATELLITE_URL) basemaps.satellite = config.BASEMAP_SATELLITE_URL;
  if (config.BASEMAP_SATELLITE2_URL) basemaps.satellite2 = config.BASEMAP_SATELLITE2_URL;
  return {
    basemaps,
    ...(config.TERRAIN_URL && hasSiteControl(level) ? { terrain: config.TERRAIN_URL } : {}),
    parcelMinZoom: parcelLayer.minzoom,
  };
}

export function catalogRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  app.get('/api/v1/config.json', async (c) => {
    const caller = await deps.callers.of(c);
    // The answer depends on who asks: no shared cache may hand a Pro caller's terrain URL to others.
    return c.json(clientConfig(deps.config, caller.level), 200, {
      'Cache-Control': 'private, no-cache',
      Vary: 'Cookie, Authorization',
    });
  });
  app.get('/api/v1/layers.json', async (c) => {
    const caller = await deps.callers.of(c);
    // Admins are listed layers no one else is: no shared cache may hand their list to others.
    return c.json(catalogueFor(caller.level), 200, {
      'Cache-Control': 'private, no-cache',
      Vary: 'Cookie, Authorization',
    });
  });
  return app;
}
