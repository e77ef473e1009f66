// What a tile source is: every tile layer the server draws (parcels, the static flood and wetland
// layers, zoning, the basemap, stored source definitions) is one TileSource, served by the one route
// pair in source-routes.ts. A source says what it is (TileJSON metadata, zoom range), who may read it,
// how its tiles are drawn (statement per zoom, cache key with its version) and kept (cache policy),
// and whether an API token's tiles count; the route pair applies the gate, metering and cache to all.
import type { Context } from 'hono';
import type { Caller } from '../auth/caller.ts';
import type { RasterStyle } from './raster/svg-of-tile.ts';
import type { TileContext } from './tile-context.ts';
import type { TileCachePolicy } from './tile-gate.ts';

export type Bounds = [number, number, number, number];

export interface VectorLayer {
  id: string;
  minzoom?: number;
  maxzoom?: number;
  fields: Readonly<Record<string, string>>;
}

/** The metadata a source gives its TileJSON; the route adds tilejson, version, scheme, tiles and zooms. */
export interface TileJsonMetadata {
  id?: string;
  name: string;
  description?: string;
  attribution?: string;
  /** Keys written right after `tiles` (links that repeat the tile template under other names). */
  links?: Record<string, unknown>;
  /** The TileJSON's maxzoom when clients should over-zoom below the tiles' own maxzoom. */
  maxzoom?: number;
  bounds?: Bounds;
  vector_layers: readonly VectorLayer[];
  /** Keys written after vector_layers (a stored source's legend and definition). */
  extra?: Record<string, unknown>;
}

export interface TileSource {
  /** The URL path of its TileJSON; its tiles are {path}/{z}/{x}/{y}.mvt (and .png with `raster`). */
  readonly path: string;
  /** The source in error messages ("The parcel layer has tiles from zoom ..."). */
  readonly title: string;
  readonly minzoom: number;
  readonly maxzoom: number;
  /** Whether the tiles an API token is served count toward its usage. */
  readonly metered: boolean;
  /**
   * The TileJSON version's major (1 when absent): raised whenever the source's vector_layers or their
   * fields change, as TileJSON asks (conformance/tilejson-majors.json holds each one's layers).
   */
  readonly layersVersion?: number;
  /** Refuses a caller who may not read the source (403 or 404 in the one error shape). */
  mayRead(tiles: TileContext, caller: Caller, c: Context): void | Promise<void>;
  /** The data version named in the TileJSON's tile URLs. */
  version(tiles: TileContext): Promise<number | string>;
  /** The data version a tile is drawn at (the URL's ?v= may ask for a newer one); `version` when absent. */
  tileVersion?(tiles: TileContext, c: Context): Promise<number | string>;
  /** The cache key of the caller's tiles at a version (callers with more fields get their own). */
  layerKey(caller: Caller, version: number | string): string;
  /** The statement of zoom z's tiles; binds $1,$2,$3 = z,x,y. */
  statement(caller: Caller, z: number): string;
  /** Whether this tile's statement runs prepared (when absent: always). */
  prepare?(): boolean;
  /** Who may keep its tiles (public, private, varying by credentials) and how long; its TileJSON's audience too. */
  cachePolicy(caller: Caller): TileCachePolicy;
  /** A check of the TileJSON request itself (a required query parameter). */
  assertTileJsonRequest?(c: Context): void;
  /** Its TileJSON's metadata; `template` is the tile URL template the TileJSON carries. */
  metadata(tiles: TileContext, caller: Caller, c: Context, template: string): Promise<TileJsonMetadata>;
  /** How its tiles are painted as PNG ({z}/{x}/{y}.png and @2x.png); a source without it has vector tiles only. */
  readonly raster?: RasterStyle;
  /** The tile URL template; tileTemplate(origin, path, token, version) when absent. */
  tileUrl?(c: Context, origin: string, caller: Caller, version: number | string): string;
}

/**
 * Where sources are mounted: the TileJSON route and the tile prefix (Hono paths; a parameter names one
 * of a family, as /api/v1/static/:layer or /api/v1/sources/:id) and how a request finds its source.
 */
export interface TileSourceMount {
  readonly tileJsonPath: string;
  readonly tilesPath: string;
  /** The request's source, or 404 in the one error shape. */
  sourceFor(c: Context, at: 'tilejson' | 'tile'): TileSource | Promise<TileSource>;
  /** Its sources may be painted as PNG (TileSource.raster): the mount gets the {y}.png / {y}@2x.png route. */
  readonly rasterTiles?: boolean;
  /** A malformed tile URL is a 400 before the source is looked up (when the lookup reads the database). */
  readonly coordsBeforeLookup?: boolean;
  /** The sources always served here (built in); stored sources are found by id and list none. */
  readonly registered: readonly TileSource[];
}

/** A source served alone at its own path. */
export function mountOf(source: TileSource): TileSourceMount {
  return { tileJsonPath: source.path, tilesPath: source.path, sourceFor: () => source, registered: [source] };
}

/** The TileJSON 3.0.0 document of a source, every key in the one order all sources write. */
export function tileJsonDocument(
  source: TileSource,
  meta: TileJsonMetadata,
  version: number | string,
  template: string,
): Record<string, unknown> {
  return {
    tilejson: '3.0.0',
    ...(meta.id !== undefined ? { id: meta.id } : {}),
    name: meta.name,
    ...(meta.description !== undefined ? { description: meta.description } : {}),
    ...(meta.attribution !== undefined ? { attribution: meta.attribution } : {}),
    version: tileJsonVersion(version, source.layersVersion),
    scheme: 'xyz',
    tiles: [template],
    ...meta.links,
    minzoom: source.minzoom,
    maxzoom: meta.maxzoom ?? source.maxzoom,
    ...(meta.bounds !== undefined ? { bounds: meta.bounds } : {}),
    vector_layers: meta.vector_layers,
    ...meta.extra,
  };
}

/**
 * The TileJSON `version` (semver, as TileJSON asks) of a data version: `<major>.<n>.0`. TileJSON says a
 * change across tiles moves the minor version, and a data reload is one; a change of the layers or their
 * fields moves the major (the source's `layersVersion`). A compound version (`12.3`, a stored
 * source's parcel, source and survey versions) sums its parts: each only ever goes up, so the sum moves
 * whenever one of them does.
 */
export function tileJsonVersion(version: number | string, major = 1): string {
  if (!Number.isInteger(major) || major < 1) throw new Error(`Not a layers version: ${major}`);
  const text = String(version);
  if (!/^\d{1,15}(\.\d{1,15})*$/.test(text)) throw new Error(`Not a data version: ${text}`);
  const minor = text.split('.').reduce((sum, part) => sum + Number(part), 0);
  return `${major}.${minor}.0`;
}
