// The route registry of the public API: every operation with its method, path, parameters, body,
// answers and who may call, as zod data. The OpenAPI document is generated from it (openapi.ts), and a
// server test compares it with the app's routes, so a public route cannot go undocumented.
import { arcgisRoutes } from './api-routes-arcgis.ts';
import { tags } from './api-routes-shared.ts';
import { recordRoutes } from './api-routes-records.ts';
import { tileRoutes } from './api-routes-tiles.ts';
import { mapLayerRoutes } from './api-routes-layers.ts';
import { parcelApiRoutes } from './api-routes-v2.ts';
import { ogcApiRoutes } from './api-routes-ogc.ts';
import { geometry } from './geojson.ts';
import { featureCollection } from './map/parcel-api.ts';
import { parcelEntity } from './map/parcels.ts';
import { searchAnswer } from './map/places.ts';
import { tileJson } from './map/sources.ts';
import { type ApiRoute, openApiDocument } from './openapi.ts';

export const apiRoutes: readonly ApiRoute[] = [
  ...tileRoutes,
  ...mapLayerRoutes,
  ...recordRoutes,
  ...parcelApiRoutes,
  ...ogcApiRoutes,
  ...arcgisRoutes,
];

/** Schemas named once in the document, however many operations answer them. */
const components = {
  TileJSON: tileJson,
  ParcelFeatureCollection: featureCollection,
  ParcelRecord: parcelEntity,
  SearchAnswer: searchAnswer,
  Geometry: geometry,
};

export function apiDocument(serverUrl: string) {
  return openApiDocument({
    info: {
      title: 'Parcel map API',
      version: '2.1.0',
      description:
        'Vector tiles and TileJSON of the parcel, basemap, zoning and stored-source layers, the style, ' +
        'search, places, parcel records, and the /api/v2 parcel API for API plans. Errors answer ' +
        '{"error":{"code","message","requestId"}}.',
    },
    serverUrl,
    routes: apiRoutes,
    components,
    tags: [...tags],
  });
}
