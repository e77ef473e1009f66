// GET /api/v1/config.json (basemap and terrain URLs from configuration, the parcel minimum zoom) and
// GET /api/v1/layers.json (the additional-layer catalogue).
import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/client.ts';
import type { CallerResolver } from '../../auth/caller.ts';
import { parcelLayer } from '../../tiles/tile-queries.ts';
import { additionalLayers } from './layers.ts';

export interface ClientConfig {
  basemaps: { satellite?: string; satellite2?: string };
  terrain?: string;
  parcelMinZoom: number;
}

export function clientConfig(config: Config): ClientConfig {
  const basemaps: ClientConfig['basemaps'] = {};
  if (config.BASEMAP_SATELLITE_URL) basemaps.satellite = config.BASEMAP_SATELLITE_URL;
  if (config.BASEMAP_SATELLITE2_URL) basemaps.satellite2 = config.BASEMAP_SATELLITE2_URL;
  return {
    basemaps,
    ...(config.TERRAIN_URL ? { terrain: config.TERRAIN_URL } : {}),
    parcelMinZoom: parcelLayer.minzoom,
  };
}

export function catalogRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  app.get('/api/v1/config.json', async (c) => {
    await deps.callers.of(c);
    return c.json(clientConfig(deps.config));
  });
  app.get('/api/v1/layers.json', async (c) => {
    await deps.callers.of(c);
    return c.json(additionalLayers);
  });
  return app;
}
