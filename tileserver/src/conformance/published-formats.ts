// Which route publishes which standard format, for the conformance suite: every GET route of the app's
// route table is here, either with the formats it publishes (the suite then validates a real answer of
// each, at each caller level whose answer differs) or among the routes that publish none of them, with
// why. A new route fails the suite until it is listed, so a TileJSON, style, tile, GeoJSON, CSV, metrics
// or OpenAPI answer cannot ship unchecked. Routes of other methods are listed when their answer is a
// published format (creating a stored source answers its TileJSON).
export type Format = 'tilejson' | 'style' | 'mvt' | 'png' | 'openapi' | 'geojson' | 'prometheus' | 'csv';

/** The callers whose answers differ (fields by level, admin-only routes); the suite signs each one in. */
export type Level = 'anonymous' | 'pro' | 'team' | 'admin';

export interface Published {
  formats: Format[];
  /** The callers the route answers; each one's answer is validated. */
  levels: Level[];
}

const everyone: Level[] = ['anonymous', 'pro', 'team', 'admin'];
const siteControl: Level[] = ['pro', 'team', 'admin'];

export const publishedFormats: Record<string, Published> = {
  'GET /api/v1/parcels': { formats: ['tilejson'], levels: everyone },
  'GET /api/v1/parcels/:z/:x/:y': { formats: ['mvt'], levels: everyone },
  'GET /api/v1/static/:layer': { formats: ['tilejson'], levels: siteControl },
  'GET /api/v1/static/:layer/:z/:x/:y': { formats: ['mvt'], levels: siteControl },
  'GET /api/v1/zoning': { formats: ['tilejson'], levels: everyone },
  'GET /api/v1/zoning/:z/:x/:y': { formats: ['mvt'], levels: everyone },
  // Population, census outlines and open space for everyone; land cover, buildings and contours from Pro;
  // spot elevations and the 2010 flood map for admins (the suite samples each at its levels).
  'GET /api/v1/layers/:id': { formats: ['tilejson'], levels: everyone },
  'GET /api/v1/layers/:id/:z/:x/:y': { formats: ['mvt'], levels: everyone },
  'GET /api/v1/basemap': { formats: ['tilejson'], levels: everyone },
  'GET /api/v1/basemap/:z/:x/:y': { formats: ['mvt'], levels: everyone },
  'GET /api/v1/sources/:file': { formats: ['tilejson'], levels: everyone },
  'GET /api/v1/sources/:id/:z/:x/:y': { formats: ['mvt'], levels: everyone },
  'GET /api/v1/sources/:id/:z/:x/:tile{[0-9]+(?:@2x)?\\.png}': { formats: ['png'], levels: everyone },
  'POST /api/v1/sources': { formats: ['tilejson'], levels: everyone },
  'GET /api/v1/styles/:name': { formats: ['style'], levels: everyone },
  'GET /api/openapi.json': { formats: ['openapi'], levels: ['anonymous'] },
  'GET /api/v2/openapi.json': { formats: ['openapi'], levels: ['anonymous'] },
  'GET /api/v2/parcels/point': { formats: ['geojson'], levels: ['admin'] },
  'GET /api/v2/parcels/address': { formats: ['geojson'], levels: ['admin'] },
  'GET /api/v2/parcels/apn': { formats: ['geojson'], levels: ['admin'] },
  'GET /api/v2/parcels/query': { formats: ['geojson'], levels: ['admin'] },
  // OGC API - Features items are GeoJSON (the parcel API's access: an API plan or the admin); its tiles are
  // the parcel tiles, z/y/x.
  'GET /ogc/collections/:collectionId/items': { formats: ['geojson'], levels: ['admin'] },
  'GET /ogc/collections/:collectionId/items/:featureId': { formats: ['geojson'], levels: ['admin'] },
  'GET /ogc/collections/:collectionId/tiles/WebMercatorQuad/:z/:y/:x': { formats: ['mvt'], levels: everyone },
  // The FeatureServer's query as f=geojson (f=json and f=pbf are Esri's own formats, read by GDAL in its tests).
  'GET /arcgis/rest/services/:layer/FeatureServer/0/query': { formats: ['geojson'], levels: ['admin'] },
  // Place paths: a place's boundary is a GeoJSON Feature.
  'GET /*': { formats: ['geojson'], levels: ['anonymous'] },
  'GET /metrics': { formats: ['prometheus'], levels: ['admin'] },
  'GET /profile/bookmarks.csv': { formats: ['csv'], levels: ['team'] },
  'GET /surveys/:id{[0-9]+}/posts.csv': { formats: ['csv'], levels: ['team'] },
  // The files exports write (GDAL's csv and RFC 7946 GeoJSON drivers), checked as written.
  'GET /exports/:id{[0-9]+}/download': { formats: ['csv', 'geojson'], levels: ['pro'] },
};

/** GET routes whose answers are none of the published formats, and what they answer instead. */
export const publishesNone: Record<string, string> = {
  'GET /api/health': 'app JSON (contracts)',
  'GET /admin/imports_exports/running.json': 'app JSON (contracts)',
  'GET /admin/imports/:id{[0-9]+}': 'app JSON (contracts)',
  'GET /admin/metrics.json': 'app JSON (contracts): the admin page figures, not the Prometheus text',
  'GET /api/v1/legal/:file': 'legal texts (HTML, Markdown)',
  'GET /api/v1/session.json': 'app JSON (contracts)',
  'GET /users/lookup_limits.json': 'app JSON (contracts)',
  'GET /search/groups.json': 'app JSON (contracts)',
  'GET /users/members.json': 'app JSON (contracts)',
  'GET /admin/overview.json': 'app JSON (contracts)',
  'GET /admin/users.json': 'app JSON (contracts)',
  'GET /admin/user_profiles.json': 'app JSON (contracts)',
  'GET /admin/requests.json': 'app JSON (contracts)',
  'GET /admin/bulk_requests.json': 'app JSON (contracts)',
  'GET /admin/map.json': 'app JSON (contracts)',
  'GET /admin/pages.json': 'app JSON (contracts)',
  'GET /admin/search_feedback.json': 'app JSON (contracts)',
  'GET /preferences.json': 'app JSON (contracts)',
  'GET /profile/projects.json': 'app JSON (contracts)',
  'GET /g/:group/maps/:slug{[a-z0-9-]+\\.json}': 'app JSON (contracts)',
  'GET /neighborhoods.json': 'app JSON (contracts)',
  'GET /profile/follows.json': 'app JSON (contracts)',
  'GET /profile/follows/slim.json': 'app JSON (contracts)',
  'GET /profile/datasets.json': 'app JSON (contracts)',
  'GET /users/:id/img_limits': 'app JSON (contracts)',
  'GET /imagery/:kind{(street|birdseye)\\.jpg}': 'JPEG imagery',
  'GET /sources/presets.json': 'app JSON (contracts)',
  'GET /sources.json': 'app JSON (contracts)',
  'GET /surveys/:id{[0-9]+\\.json}': 'app JSON (contracts)',
  'GET /sources/:id{[0-9]+\\.json}': 'app JSON (contracts)',
  'GET /surveys/:id{[0-9]+}/posts/:post{[0-9]+}/photo': 'JPEG or PNG photos',
  'GET /plans.json': 'app JSON (contracts)',
  'GET /profile/orders.json': 'app JSON (contracts)',
  'GET /g/:group/settings/billing.json': 'app JSON (contracts)',
  'GET /settings/check_change.json': 'app JSON (contracts)',
  'GET /admin/codes.json': 'app JSON (contracts)',
  'GET /admin/orders.json': 'app JSON (contracts)',
  'GET /api/plans.json': 'app JSON (contracts)',
  'GET /api/counties.json': 'app JSON (contracts)',
  'GET /api/account.json': 'app JSON (contracts)',
  'GET /admin/api_trials.json': 'app JSON (contracts)',
  'GET /g/:group/maps/:slug/exports.json': 'app JSON (contracts)',
  'GET /profile/exports.json': 'app JSON (contracts)',
  'GET /orders/cart.json': 'app JSON (contracts)',
  'GET /store/stats.json': 'app JSON (contracts)',
  'GET /store/places.json': 'app JSON (contracts)',
  'GET /store/products.json': 'app JSON (contracts)',
  'GET /store/search.json': 'app JSON (contracts)',
  'GET /at_point.json': 'app JSON (contracts)',
  'GET /parcel_fields.json': 'app JSON (contracts)',
  'GET /parcels_at_point.json': 'app JSON (contracts)',
  'GET /api/v1/dimensions.json': 'app JSON (contracts)',
  'GET /search.json': 'app JSON (contracts)',
  'GET /api/v1/config.json': 'app JSON (contracts)',
  'GET /api/v1/layers.json': 'app JSON (contracts); the suite follows each layer to its TileJSON',
  'GET /coverage.json': 'app JSON (contracts)',
  'GET /api/v1/sources': 'app JSON (contracts): the list of stored sources',
  'GET /api/v1/sources/:id/live': 'server-sent events',
  'GET /api/v1/fonts/:fontstack/:range': 'glyph PBF ranges (checked by the style tests)',
  'GET /api/v1/sprites/:file': 'sprite PNG and JSON (checked by the style tests)',
  'GET /sources/:source/filters.json': 'app JSON (contracts)',
  'GET /sources/:source/autocomplete.json': 'app JSON (contracts)',
  'GET /sources/:id/extent.json': 'app JSON (contracts)',
  'GET /sources/:id/colors': 'app JSON: a stored source legend, the same as its TileJSON rules',
  'GET /arcgis/rest/info': 'ArcGIS REST JSON (read by GDAL in features/map/feature-service)',
  'GET /arcgis/rest/services/:layer/FeatureServer': 'ArcGIS REST JSON (service)',
  'GET /arcgis/rest/services/:layer/FeatureServer/0': 'ArcGIS REST JSON (layer)',
  'GET /arcgis/*': 'the ArcGIS error envelope for unknown paths',
  'GET /ogc': 'OGC API landing page (JSON links or HTML; shapes checked in features/map/ogc/ogc.test.ts)',
  'GET /ogc/conformance': 'OGC API conformance declaration (JSON or HTML)',
  'GET /ogc/collections': 'OGC API collections (JSON or HTML)',
  'GET /ogc/collections/:collectionId': 'OGC API collection (JSON or HTML)',
  'GET /ogc/collections/:collectionId/tiles': 'OGC API tilesets list (JSON)',
  'GET /ogc/collections/:collectionId/tiles/WebMercatorQuad': 'OGC API tileset metadata (JSON)',
  'GET /ogc/tileMatrixSets': 'OGC API tile matrix sets list (JSON)',
  'GET /ogc/tileMatrixSets/WebMercatorQuad': 'the standard WebMercatorQuad definition (JSON)',
};
