// The answer schema of every GET route that answers JSON, keyed by the route as the server mounts it
// ("GET /search.json", Hono's pattern), plus the answers of the place and parcel paths that one
// wildcard route serves, told apart by their ending. The contract test parses each route's real answer
// with its schema, so a shape drift fails a test. The public API's OpenAPI document comes from the route
// registry (api-routes.ts), which uses the same schemas.
import type { z } from 'zod';
import { openApiShape } from './api-routes-v2.ts';
import { errorBody } from './errors.ts';
import { apiAccountOrNone, apiCountiesAnswer, apiPlansAnswer } from './commerce/api-plans.ts';
import { bulkRequestsAnswer } from './commerce/bulk.ts';
import { adminOrdersAnswer, billingAnswer, changeCheck, ordersAnswer } from './commerce/billing.ts';
import { profileExportsAnswer, projectExportsAnswer } from './commerce/exports.ts';
import { plansAnswer } from './commerce/plan-pricing.ts';
import { cartAnswer, storePlacesAnswer, storeProductsAnswer, storeSearchAnswer, storeStats } from './commerce/store.ts';
import { layerInfoAnswer, queryAnswer, restInfoAnswer, serviceInfoAnswer } from './map/feature-service.ts';
import { insightsPayload } from './map/insights.ts';
import { layerCatalogue, clientConfig } from './map/layers.ts';
import { featureCollection } from './map/parcel-api.ts';
import {
  ogcCollection,
  ogcCollections,
  ogcConformance,
  ogcFeature,
  ogcFeatureCollection,
  ogcLandingPage,
  ogcTileMatrixSet,
  ogcTileMatrixSets,
  ogcTileset,
  ogcTilesets,
} from './map/ogc.ts';
import { dimensions, fieldCatalog, parcelEntity, parcelsAtPointAnswer } from './map/parcels.ts';
import { atPoint, boundaryFeature, childrenResponse, coverageTable, searchAnswer } from './map/places.ts';
import { autocompleteAnswer, filtersAnswer } from './map/source-filters.ts';
import { placeSources, sourceExtent, sourcesList, tileJson } from './map/sources.ts';
import { healthReport } from './ops/health.ts';
import { adminMapAnswer, sitePagesAnswer } from './people/admin-content.ts';
import { importRun, importsExportsAnswer } from './ops/imports.ts';
import {
  adminOverview,
  adminUsersAnswer,
  apiTrialsAnswer,
  metricsSummary,
  offerCodesAnswer,
  placeRequestsAnswer,
  profileAnswersAnswer,
  searchFeedbackAnswer,
} from './people/admin.ts';
import { groupSearchAnswer, membersAnswer } from './people/groups.ts';
import { lookupLimits } from './people/lookup-limits.ts';
import { sessionInfo } from './people/session.ts';
import { followsPage, slimFollows } from './workspace/follows.ts';
import { followedDatasets } from './workspace/datasets.ts';
import { imageLimitsAnswer } from './workspace/imagery.ts';
import { preferencesAnswer } from './workspace/preferences.ts';
import { focusAreasAnswer, projectAnswer, projectsList } from './workspace/projects.ts';
import { surveyPresetsAnswer, surveySource, surveysAnswer } from './workspace/surveys.ts';

/** Answers of GET routes, by "GET <pattern>" as the route table (reliability/route-table.ts) names them. */
export const getResponses = {
  'GET /api/health': healthReport,
  'GET /at_point.json': atPoint,
  'GET /parcel_fields.json': fieldCatalog,
  'GET /parcels_at_point.json': parcelsAtPointAnswer,
  'GET /api/v1/dimensions.json': dimensions,
  'GET /search.json': searchAnswer,
  'GET /api/v1/config.json': clientConfig,
  'GET /api/v1/layers.json': layerCatalogue,
  'GET /api/v1/session.json': sessionInfo,
  'GET /users/lookup_limits.json': lookupLimits,
  'GET /preferences.json': preferencesAnswer,
  'GET /search/groups.json': groupSearchAnswer,
  'GET /users/members.json': membersAnswer,
  'GET /admin/metrics.json': metricsSummary,
  'GET /admin/overview.json': adminOverview,
  'GET /admin/users.json': adminUsersAnswer,
  'GET /admin/user_profiles.json': profileAnswersAnswer,
  'GET /admin/requests.json': placeRequestsAnswer,
  'GET /admin/bulk_requests.json': bulkRequestsAnswer,
  'GET /admin/search_feedback.json': searchFeedbackAnswer,
  'GET /admin/map.json': adminMapAnswer,
  'GET /admin/pages.json': sitePagesAnswer,
  'GET /profile/projects.json': projectsList,
  'GET /g/:group/maps/:slug{[a-z0-9-]+\\.json}': projectAnswer,
  'GET /neighborhoods.json': focusAreasAnswer,
  'GET /coverage.json': coverageTable,
  'GET /profile/follows.json': followsPage,
  'GET /profile/follows/slim.json': slimFollows,
  'GET /profile/datasets.json': followedDatasets,
  'GET /plans.json': plansAnswer,
  'GET /profile/orders.json': ordersAnswer,
  'GET /g/:group/settings/billing.json': billingAnswer,
  'GET /settings/check_change.json': changeCheck,
  'GET /admin/codes.json': offerCodesAnswer,
  'GET /admin/orders.json': adminOrdersAnswer,
  'GET /api/v1/parcels': tileJson,
  'GET /api/v1/sources': sourcesList,
  'GET /api/v1/basemap': tileJson,
  'GET /api/v1/zoning': tileJson,
  'GET /api/v1/layers/:id': tileJson,
  'GET /sources/:source/filters.json': filtersAnswer,
  'GET /sources/:source/autocomplete.json': autocompleteAnswer,
  'GET /sources/:id/extent.json': sourceExtent,
  'GET /admin/imports_exports/running.json': importsExportsAnswer,
  'GET /admin/imports/:id{[0-9]+}': importRun,
  'GET /users/:id/img_limits': imageLimitsAnswer,
  'GET /sources/presets.json': surveyPresetsAnswer,
  'GET /sources.json': surveysAnswer,
  'GET /surveys/:id{[0-9]+\\.json}': surveySource,
  'GET /sources/:id{[0-9]+\\.json}': surveySource,
  'GET /api/plans.json': apiPlansAnswer,
  'GET /api/counties.json': apiCountiesAnswer,
  'GET /api/account.json': apiAccountOrNone,
  'GET /admin/api_trials.json': apiTrialsAnswer,
  'GET /api/v2/parcels/point': featureCollection,
  'GET /api/v2/parcels/address': featureCollection,
  'GET /api/v2/parcels/apn': featureCollection,
  'GET /api/v2/parcels/query': featureCollection,
  'GET /api/v2/openapi.json': openApiShape,
  'GET /api/openapi.json': openApiShape,
  'GET /ogc': ogcLandingPage,
  'GET /ogc/conformance': ogcConformance,
  'GET /ogc/collections': ogcCollections,
  'GET /ogc/collections/:collectionId': ogcCollection,
  'GET /ogc/collections/:collectionId/items': ogcFeatureCollection,
  'GET /ogc/collections/:collectionId/items/:featureId': ogcFeature,
  'GET /ogc/collections/:collectionId/tiles': ogcTilesets,
  'GET /ogc/collections/:collectionId/tiles/WebMercatorQuad': ogcTileset,
  'GET /ogc/tileMatrixSets': ogcTileMatrixSets,
  'GET /ogc/tileMatrixSets/WebMercatorQuad': ogcTileMatrixSet,
  'GET /arcgis/rest/info': restInfoAnswer,
  'GET /arcgis/rest/services/:layer/FeatureServer': serviceInfoAnswer,
  'GET /arcgis/rest/services/:layer/FeatureServer/0': layerInfoAnswer,
  'GET /arcgis/rest/services/:layer/FeatureServer/0/query': queryAnswer,
  'GET /g/:group/maps/:slug/exports.json': projectExportsAnswer,
  'GET /profile/exports.json': profileExportsAnswer,
  'GET /orders/cart.json': cartAnswer,
  'GET /store/stats.json': storeStats,
  'GET /store/places.json': storePlacesAnswer,
  'GET /store/products.json': storeProductsAnswer,
  'GET /store/search.json': storeSearchAnswer,
} satisfies Record<string, z.ZodType>;

export type GetRoute = keyof typeof getResponses;

/** The answers of place and parcel paths (GET /*), by how the path ends. */
export const pathResponses: { ending: RegExp; schema: z.ZodType }[] = [
  { ending: /\/boundaries\.json$/, schema: boundaryFeature },
  { ending: /\/children\.json$/, schema: childrenResponse },
  { ending: /\/insights\.json$/, schema: insightsPayload },
  { ending: /\/filters\.json$/, schema: filtersAnswer },
  { ending: /\/sources\.json$/, schema: placeSources },
  { ending: /\/\d+\.json$/, schema: parcelEntity },
];

/** Every error answer, whatever the route. */
export const errorResponse = errorBody;
