// The one table of which request paths wait at which gate and which per-minute limit they spend
// (security review 2, N2: FeatureServer and the OGC API took neither, and ran on the app pool). The
// middleware below, the rate limits (rate-limits.ts) and the body-first reading all read it.
// A path belongs to the FIRST row whose pattern matches, so each path is in exactly one row; the
// last two rows (the app API and everything else) are the fallbacks. route-gates.test.ts checks that
// every route of the app's route table lands in a row and that no row is dead.
//
// Gates:
// - app: the app API's QueryGate around the whole request (its pool: search, records, accounts);
// - app-around-db: the route takes the app gate itself, only around its database work. The password
//   routes: a scrypt hash holds no connection, so holding a slot through the hash queue let ten
//   sign-in flooders answer every other .json route 503 (N1);
// - gis: a QueryGate of its own in front of its own pool (GIS_POOL_SIZE), so a flood of FeatureServer
//   or OGC queries waits there and never for the app API's slots;
// - tiles: the tile renderer's gate (taken inside the renderer; a cache hit passes none);
// - none: no database work worth a slot, or the route bounds itself.
import type { Config } from '../config.ts';

export type GateKind = 'app' | 'app-around-db' | 'gis' | 'tiles' | 'none';

/** A per-minute budget per client address and per credential; rows naming the same limit share it. */
export interface RouteLimit {
  name: string;
  /** What the 429 message calls these requests. */
  label: string;
  perMinute: (config: Config) => number;
}

export interface RouteGateRow {
  name: string;
  /** Matches the request path (not the route pattern: records and insights are wildcard routes). */
  pattern: RegExp;
  gate: GateKind;
  limit?: RouteLimit;
}

const limits = {
  search: { name: 'search', label: 'search', perMinute: (c) => c.SEARCH_PER_MINUTE },
  records: { name: 'records', label: 'parcel record', perMinute: (c) => c.RECORDS_PER_MINUTE },
  insights: { name: 'insights', label: 'place insights', perMinute: (c) => c.INSIGHTS_PER_MINUTE },
  exports: { name: 'exports', label: 'export', perMinute: (c) => c.EXPORTS_PER_MINUTE },
  cardTokens: { name: 'card-tokens', label: 'card', perMinute: (c) => c.CARD_TOKENS_PER_MINUTE },
  imagery: { name: 'imagery', label: 'property image', perMinute: (c) => c.IMAGERY_PER_MINUTE },
  extents: { name: 'extents', label: 'source extent and value list', perMinute: (c) => c.EXTENT_PER_MINUTE },
  gisQueries: {
    name: 'gis-queries',
    label: 'FeatureServer query and OGC items',
    perMinute: (c) => c.GIS_QUERIES_PER_MINUTE,
  },
  gisMetadata: {
    name: 'gis-metadata',
    label: 'FeatureServer and OGC metadata',
    perMinute: (c) => c.GIS_METADATA_PER_MINUTE,
  },
  pngTiles: { name: 'png-tiles', label: 'PNG tile', perMinute: (c) => c.PNG_TILES_PER_MINUTE },
} satisfies Record<string, RouteLimit>;

export const routeGateRows: RouteGateRow[] = [
  // A liveness probe answers while everything else is saturated.
  { name: 'health', pattern: /^\/api\/health$/, gate: 'none' },
  // Sign-in, sign-up, password change and reset: the route limits itself before any hash (N1).
  {
    name: 'password routes',
    pattern: /^\/users(\.json|\/sign_in\.json|\/edit(\.json)?|\/password\.json)$/,
    gate: 'app-around-db',
  },
  {
    name: 'FeatureServer query',
    pattern: /^\/arcgis\/rest\/services\/[^/]+\/FeatureServer\/0\/query$/,
    gate: 'gis',
    limit: limits.gisQueries,
  },
  { name: 'OGC items', pattern: /^\/ogc\/collections\/[^/]+\/items(\/[^/]+)?$/, gate: 'gis', limit: limits.gisQueries },
  // OGC API Tiles' z/y/x URL is the source's tile (the renderer's gate and cache, metered like it).
  {
    name: 'OGC tiles',
    pattern: /^\/ogc\/collections\/[^/]+\/tiles\/WebMercatorQuad\/[^/]+\/[^/]+\/[^/]+$/,
    gate: 'tiles',
  },
  // Service, layer and collection documents, tilesets, conformance, and ArcGIS's 404 for the rest.
  { name: 'GIS metadata', pattern: /^\/(arcgis|ogc)(\/|$)/, gate: 'gis', limit: limits.gisMetadata },
  // PNG tiles of sources: each miss is a render plus sharp's rasterising (N9; also bounded in png-tile.ts).
  { name: 'PNG tiles', pattern: /\/\d+\/\d+\/\d+(@2x)?\.png$/, gate: 'tiles', limit: limits.pngTiles },
  { name: 'vector tiles', pattern: /\.mvt$/, gate: 'tiles' },
  { name: 'search', pattern: /^\/search(\.json|\/groups\.json)$/, gate: 'app', limit: limits.search },
  // /parcels_at_point.json, /at_point.json, a parcel's own path (/us/ma/middlesex/cambridge/123.json)
  // and the parcel API (/api/v2/parcels/point, address, apn, query).
  {
    name: 'records',
    pattern:
      /^\/(parcels_at_point\.json|at_point\.json|[A-Za-z]{2}\/.*\/\d+\.json|api\/v2\/parcels\/(point|address|apn|query))$/,
    gate: 'app',
    limit: limits.records,
  },
  { name: 'insights', pattern: /^\/(?!api\/).*\/(insights|ask_chatgpt)\.json$/, gate: 'app', limit: limits.insights },
  // The Ask A.I. form posts without .json and never took the app gate (it bounds itself by its daily budgets).
  { name: 'ask A.I.', pattern: /^\/(?!api\/).*\/ask_chatgpt$/, gate: 'none', limit: limits.insights },
  // The export calls that count or write a selection (counts, check, coverage, start); downloads are not limited.
  {
    name: 'export counts',
    pattern: /\/(blexts\.json|exports\/(coverage\.json|start\.json))$/,
    gate: 'app',
    limit: limits.exports,
  },
  { name: 'export check', pattern: /\/exports\/check$/, gate: 'none', limit: limits.exports },
  // The local provider's anonymous tokeniser writes a row per call and answers which numbers pass.
  { name: 'card tokens', pattern: /^\/payments\/local\/payment_methods$/, gate: 'none', limit: limits.cardTokens },
  // Each image is a paid provider call (the daily budgets bound the bill; this bounds the pace).
  { name: 'imagery', pattern: /^\/imagery\/(street|birdseye)\.jpg$/, gate: 'none', limit: limits.imagery },
  // Scans over a source's selection: its extent and its value lists (autocomplete).
  {
    name: 'extents',
    pattern: /^\/sources\/[^/]+\/(extent|autocomplete)\.json$/,
    gate: 'app',
    limit: limits.extents,
  },
  // Fallbacks: the rest of the app API (sessions, places, sources, TileJSON, accounts' other routes) ...
  { name: 'app API', pattern: /^\/api\/|\.json$/, gate: 'app' },
  // ... and viewer pages, files, CSV downloads, webhooks.
  { name: 'pages and files', pattern: /^/, gate: 'none' },
];

/** The row of a request path: the first that matches (the last matches every path). */
export function routeGateOf(path: string): RouteGateRow {
  return routeGateRows.find((row) => row.pattern.test(path))!;
}
