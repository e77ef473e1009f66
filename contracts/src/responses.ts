// The answer schema of every GET route that answers JSON, keyed by the route as the server mounts it
// ("GET /search.json", Hono's pattern), plus the answers of the place and parcel paths that one
// wildcard route serves, told apart by their ending. The contract test parses each route's real answer
// with its schema, so a shape drift fails a test; a whole-API OpenAPI document can be generated from it.
import { z } from 'zod';
import { errorBody } from './errors.ts';
import { apiAccountOrNone, apiAddOnSchema, apiPlanSchema } from './commerce/api-plans.ts';
import { adminOrdersAnswer, billingAnswer, changeCheck, ordersAnswer } from './commerce/billing.ts';
import { profileExportsAnswer, projectExportsAnswer } from './commerce/exports.ts';
import { plansAnswer } from './commerce/plan-pricing.ts';
import { cartAnswer } from './commerce/store.ts';
import { insightsPayload } from './map/insights.ts';
import { layerCatalogue, clientConfig } from './map/layers.ts';
import { featureCollection } from './map/parcel-api.ts';
import { dimensions, fieldCatalog, parcelEntity, parcelsAtPointAnswer } from './map/parcels.ts';
import { atPoint, bbox, boundaryFeature, childrenResponse, coverageTable, searchAnswer } from './map/places.ts';
import { filtersAnswer } from './map/source-filters.ts';
import { importRun, importsExportsAnswer } from './ops/imports.ts';
import { adminOverview, adminUsersAnswer, apiTrialsAnswer, metricsSummary, offerCodesAnswer, placeRequestsAnswer, profileAnswersAnswer, searchFeedbackAnswer } from './people/admin.ts';
import { lookupLimits } from './people/lookup-limits.ts';
import { sessionInfo } from './people/session.ts';
import { followsPage, slimFollows } from './workspace/follows.ts';
import { imageLimitsAnswer } from './workspace/imagery.ts';
import { focusAreasAnswer, projectAnswer, projectsList } from './workspace/projects.ts';
import { surveyPresetsAnswer, surveySource, surveysAnswer } from './workspace/surveys.ts';

const tier = z.enum(['free', 'pro', 'team']);
const role = z.enum(['manager', 'member']);
/** TileJSON 3.0 as the tile endpoints describe their tiles. */
export const tileJson = z.object({
  tilejson: z.literal('3.0.0'),
  name: z.string(),
  tiles: z.array(z.string()).min(1),
  minzoom: z.number(),
  maxzoom: z.number(),
  bounds: bbox.optional(),
  vector_layers: z.array(z.object({ id: z.string(), fields: z.record(z.string(), z.string()) }).loose()),
}).loose();

export const healthReport = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ reachable: z.boolean(), migrationVersion: z.union([z.number(), z.string()]).nullable(), error: z.string().optional() }),
  tables: z.record(z.string(), z.number()).optional(),
});

export const preferencesAnswer = z.union([
  z.object({ status: z.literal('ok'), data: z.record(z.string(), z.unknown()) }),
  z.object({ status: z.literal('ok'), key: z.string(), value: z.unknown() }),
]);

export const membersAnswer = z.object({
  group: z.object({ name: z.string(), path: z.string(), tier, seats: z.number(), seats_taken: z.number(), billing_url: z.string() }),
  members: z.array(z.object({ user_id: z.number(), name: z.string(), email: z.string(), role })),
  invitations: z.array(z.object({ email: z.string(), role, expires_at: z.string() })),
});

export const apiPlansAnswer = z.object({
  api_plans: z.array(apiPlanSchema),
  api_add_ons: z.array(apiAddOnSchema),
  /** The account's API plan id (api_sandbox, api_standard, ...), or null. */
  current_api_plan: z.string().nullable(),
  sandbox_available: z.boolean(),
});

const placeSale = z.object({ path: z.string(), headline: z.string(), parcels: z.number(), premium_price: z.number(), counties: z.number().optional() });

export const storeProductsAnswer = z.object({
  path: z.string(),
  headline: z.string(),
  parcels: z.number(),
  state: z.boolean(),
  products: z.array(z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    addon: z.boolean(),
    legacy: z.boolean(),
    available: z.boolean(),
    variant: z.string(),
    format_types: z.array(z.object({ format: z.string(), available: z.boolean(), tooltip: z.string().nullable() })),
    price: z.number(),
    fields: z.array(z.string()),
    features: z.array(z.string()),
    coverage_report: z.string(),
  })),
});

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
  'GET /search/groups.json': z.array(z.object({ name: z.string(), path: z.string() })),
  'GET /users/members.json': membersAnswer,
  'GET /admin/metrics.json': metricsSummary,
  'GET /admin/overview.json': adminOverview,
  'GET /admin/users.json': adminUsersAnswer,
  'GET /admin/user_profiles.json': profileAnswersAnswer,
  'GET /admin/requests.json': placeRequestsAnswer,
  'GET /admin/search_feedback.json': searchFeedbackAnswer,
  'GET /profile/projects.json': projectsList,
  'GET /g/:group/maps/:slug{[a-z0-9-]+\\.json}': projectAnswer,
  'GET /neighborhoods.json': focusAreasAnswer,
  'GET /coverage.json': coverageTable,
  'GET /profile/follows.json': followsPage,
  'GET /profile/follows/slim.json': slimFollows,
  'GET /plans.json': plansAnswer,
  'GET /profile/orders.json': ordersAnswer,
  'GET /g/:group/settings/billing.json': billingAnswer,
  'GET /settings/check_change.json': changeCheck,
  'GET /admin/codes.json': offerCodesAnswer,
  'GET /admin/orders.json': adminOrdersAnswer,
  'GET /api/v1/parcels': tileJson,
  'GET /api/v1/sources': z.object({
    next: z.string().nullable(),
    sources: z.array(z.object({ id: z.string(), created_at: z.string(), query: z.unknown(), fields: z.unknown(), rules: z.number(), url: z.string() })),
  }),
  'GET /api/v1/basemap': tileJson,
  'GET /api/v1/zoning': tileJson,
  'GET /sources/:source/filters.json': filtersAnswer,
  'GET /sources/:source/autocomplete.json': z.object({ key: z.string(), query: z.string(), suggestions: z.array(z.string()) }),
  'GET /sources/:id/extent.json': z.object({ id: z.union([z.string(), z.number()]), bbox: bbox.nullable(), parcels: z.number() }),
  'GET /admin/imports_exports/running.json': importsExportsAnswer,
  'GET /admin/imports/:id{[0-9]+}': importRun,
  'GET /users/:id/img_limits': imageLimitsAnswer,
  'GET /sources/presets.json': surveyPresetsAnswer,
  'GET /sources.json': surveysAnswer,
  'GET /surveys/:id{[0-9]+\\.json}': surveySource,
  'GET /sources/:id{[0-9]+\\.json}': surveySource,
  'GET /api/plans.json': apiPlansAnswer,
  'GET /api/counties.json': z.object({ counties: z.array(z.object({ path: z.string(), name: z.string(), headline: z.string(), parcels: z.number() })), max: z.number() }),
  'GET /api/account.json': apiAccountOrNone,
  'GET /admin/api_trials.json': apiTrialsAnswer,
  'GET /api/v2/parcels/point': featureCollection,
  'GET /api/v2/parcels/address': featureCollection,
  'GET /api/v2/parcels/apn': featureCollection,
  'GET /api/v2/parcels/query': featureCollection,
  'GET /api/v2/openapi.json': z.object({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()), components: z.object({ schemas: z.record(z.string(), z.unknown()) }).loose() }).loose(),
  'GET /g/:group/maps/:slug/exports.json': projectExportsAnswer,
  'GET /profile/exports.json': profileExportsAnswer,
  'GET /orders/cart.json': cartAnswer,
  'GET /store/stats.json': z.object({ counties: z.number(), states: z.number() }),
  'GET /store/places.json': z.object({ places: z.array(placeSale) }),
  'GET /store/products.json': storeProductsAnswer,
  'GET /store/search.json': z.object({ results: z.array(z.object({ path: z.string(), headline: z.string(), kind: z.string() })) }),
} satisfies Record<string, z.ZodType>;

export type GetRoute = keyof typeof getResponses;

/** The answers of place and parcel paths (GET /*), by how the path ends. */
export const pathResponses: { ending: RegExp; schema: z.ZodType }[] = [
  { ending: /\/boundaries\.json$/, schema: boundaryFeature },
  { ending: /\/children\.json$/, schema: childrenResponse },
  { ending: /\/insights\.json$/, schema: insightsPayload },
  { ending: /\/filters\.json$/, schema: filtersAnswer },
  { ending: /\/sources\.json$/, schema: z.object({ path: z.string(), sources: z.array(z.object({ id: z.string(), name: z.string(), filters: z.string(), autocomplete: z.string() })) }) },
  { ending: /\/\d+\.json$/, schema: parcelEntity },
];

/** Every error answer, whatever the route. */
export const errorResponse = errorBody;
