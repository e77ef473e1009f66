// The map area's routes: places (+ search, coverage), insights, parcels (+ dimensions), the parcel API,
// the ArcGIS feature service,
// the layer catalogue, sources (+ filters, extent) and the tile endpoints.
import { Hono } from 'hono';
import type { Services } from '../../services.ts';
import { tileSourceRoutes } from '../../tiles/source-routes.ts';
import { featureServiceRoutes } from './feature-service/routes.ts';
import { insightRoutes } from './insights/routes.ts';
import { basemapRoutes } from './layers/basemap-routes.ts';
import { catalogRoutes } from './layers/catalog-routes.ts';
import { styleRoutes } from './layers/style-routes.ts';
import { builtInTileMounts } from './layers/tile-sources.ts';
import { ogcRoutes } from './ogc/routes.ts';
import { parcelApiRoutes } from './parcel-api/routes.ts';
import { dimensionRoutes } from './parcels/dimension-routes.ts';
import { parcelRoutes } from './parcels/routes.ts';
import { coverageRoutes } from './places/coverage-routes.ts';
import { placeRoutes } from './places/routes.ts';
import { searchRoutes } from './places/search-routes.ts';
import { sourceExtentRoutes } from './sources/extent-routes.ts';
import { sourceFilterRoutes } from './sources/filter-routes.ts';
import { sourceRoutes } from './sources/routes.ts';
import { StoredSources } from './sources/stored-sources.ts';

export function routes(services: Services): Hono {
  const app = new Hono();
  app.route('/', placeRoutes(services));
  app.route('/', insightRoutes(services));
  app.route('/', parcelRoutes(services));
  app.route('/', dimensionRoutes(services));
  app.route('/', searchRoutes(services));
  app.route('/', catalogRoutes(services));
  app.route('/', coverageRoutes(services));
  app.route('/', parcelApiRoutes({ ...services, gate: services.apiGate }));
  // The GIS pool behind the GIS gate (http/route-gates.ts), so API queries never hold app connections.
  app.route('/', ogcRoutes({ ...services, sql: services.gisSql }));
  app.route('/', featureServiceRoutes({ ...services, sql: services.gisSql, gate: services.apiGate }));
  // Every tile and TileJSON route goes through the one route pair, built-in sources and stored ones alike.
  const { tiles } = services;
  const storedSources = new StoredSources(tiles);
  app.route('/', tileSourceRoutes(tiles, [...builtInTileMounts, storedSources]));
  app.route('/', sourceRoutes(tiles, storedSources));
  app.route('/', basemapRoutes(tiles));
  app.route('/', styleRoutes(tiles));
  app.route('/', sourceFilterRoutes(services));
  app.route('/', sourceExtentRoutes({ ...services, versions: tiles.versions }));
  return app;
}
