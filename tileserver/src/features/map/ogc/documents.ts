// The OGC API's metadata documents: landing page, conformance, collections and each collection, the
// tilesets of a collection and its WebMercatorQuad tileset. Link relations are those OGC API Common,
// Features and Tiles register (self, alternate, service-desc, conformance, data, items,
// tilesets-vector, tiling-scheme, item), so a client finds everything from the landing page.
//
// The collections list is the same for every caller: all four collections, each saying who may read
// its items and tiles (`access`, also in its description). Listing only what the caller may read would
// make the document vary by credentials (no shared cache, a Vary on Authorization) and hide from an
// anonymous GIS client what a token would give it. GDAL is not broken by it: ogrinfo reads each listed
// layer's first page for its geometry type, and a layer the caller may not read answers 401/403 in the
// one error shape with the reason, which ogrinfo reports and passes over (every layer listed, exit 0;
// ogc-gdal.test.ts runs it without a token).
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import { conformanceClasses, crs84, epsg3857, webMercatorQuadUri } from '@parcel-map/contracts/map/ogc';
import { parcelSource } from '../../../tiles/parcel-source.ts';
import type { TileSource } from '../../../tiles/tile-source.ts';
import type { OgcLink } from './html.ts';
import { layerCollections, type LayerCollection } from './layers.ts';
import { tileMatrixSetLimits, webMercatorQuad } from './tile-matrix-set.ts';

export type Box = readonly [number, number, number, number];

export interface OgcCollectionDef {
  id: string;
  title: string;
  description: string;
  attribution: string;
  /** The tile source whose tiles OGC API Tiles serves for it. */
  tiles: TileSource;
  /** Its table, for the extent. */
  table: 'parcels' | LayerCollection['table'];
  /** Who may read its items and tiles, in words. */
  access: string;
  /** The layer's columns and readers; parcels (absent) follow the parcel API. */
  layer?: LayerCollection;
}

const layer = (id: string): LayerCollection => layerCollections.get(id)!;
const siteControl = 'Items and tiles: Pro, Team and admin callers (send a token); others get 401 or 403.';

/** The collections, parcels first; each has items (OGC API Features) and vector tiles (OGC API Tiles). */
export const ogcCollectionDefs: readonly OgcCollectionDef[] = [
  {
    id: 'parcels',
    title: 'Parcels',
    description: 'Land parcels: boundaries with the fields of your API plan (path, address, owner, parcel number, ...)',
    attribution: dataAttribution.parcels,
    tiles: parcelSource,
    table: 'parcels',
    access:
      'Items: callers with an API plan (send its token), fields and counties of the plan. Tiles: as /api/v1/parcels.',
  },
  {
    id: 'zoning',
    title: 'Zoning districts',
    description:
      'Zoning districts: code, name, description and jurisdiction; the standardized zoning type and subtype with Pro',
    attribution: dataAttribution.zoning,
    tiles: layer('zoning').tiles,
    table: 'zoning_districts',
    access: 'Items and tiles: anyone; zoning_type and zoning_subtype for Pro, Team and admin callers.',
    layer: layer('zoning'),
  },
  {
    id: 'flood',
    title: 'FEMA flood hazard areas',
    description:
      'FEMA National Flood Hazard Layer zones of the current maps (zone, subtype, SFHA, base flood elevation)',
    attribution: dataAttribution.flood,
    tiles: layer('flood').tiles,
    table: 'flood_zones',
    access: siteControl,
    layer: layer('flood'),
  },
  {
    id: 'wetlands',
    title: 'Wetlands',
    description: 'National Wetlands Inventory and City of Cambridge wetlands (type, NWI code, acres)',
    attribution: dataAttribution.wetlands,
    tiles: layer('wetlands').tiles,
    table: 'wetlands',
    access: siteControl,
    layer: layer('wetlands'),
  },
];

const byId = new Map(ogcCollectionDefs.map((def) => [def.id, def]));
export const collectionById = (id: string): OgcCollectionDef | undefined => byId.get(id);

const rel = {
  conformance: 'http://www.opengis.net/def/rel/ogc/1.0/conformance',
  data: 'http://www.opengis.net/def/rel/ogc/1.0/data',
  tilesetsVector: 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector',
  tilingScheme: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme',
  tilingSchemes: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes',
};
export const media = {
  json: 'application/json',
  geojson: 'application/geo+json',
  html: 'text/html',
  openapi: 'application/vnd.oai.openapi+json;version=3.1',
  mvt: 'application/vnd.mapbox-vector-tile',
};

/** Builds hrefs under /ogc, carrying the caller's ?token= (a client that sent it there follows links). */
export class OgcHref {
  constructor(
    readonly origin: string,
    private readonly token: string | undefined,
  ) {}

  at(path: string, params: Record<string, string> = {}): string {
    const query = new URLSearchParams(params);
    if (this.token) query.set('token', this.token);
    const text = query.toString();
    return `${this.origin}/ogc${path}${text ? `?${text}` : ''}`;
  }
}

/** self and alternate of a resource, the one answered first. */
export function selfLinks(href: OgcHref, path: string, html: boolean, jsonType = media.json): OgcLink[] {
  const json = { href: href.at(path, { f: 'json' }), type: jsonType, title: 'This document as JSON' };
  const page = { href: href.at(path, { f: 'html' }), type: media.html, title: 'This document as HTML' };
  return html
    ? [
        { ...page, rel: 'self' },
        { ...json, rel: 'alternate' },
      ]
    : [
        { ...json, rel: 'self' },
        { ...page, rel: 'alternate' },
      ];
}

export function landingPage(href: OgcHref, html: boolean) {
  return {
    title: 'Parcel map: OGC API',
    description:
      'Land parcels, zoning, flood hazard areas and wetlands as OGC API Features (GeoJSON, HTML; CRS84 and EPSG:3857) and OGC API Tiles (vector tiles).',
    links: [
      ...selfLinks(href, '', html),
      {
        href: `${href.origin}/api/openapi.json`,
        rel: 'service-desc',
        type: media.openapi,
        title: 'The OpenAPI document',
      },
      { href: href.at('/conformance'), rel: 'conformance', type: media.json, title: 'Conformance classes' },
      { href: href.at('/conformance'), rel: rel.conformance, type: media.json, title: 'Conformance classes' },
      { href: href.at('/collections'), rel: 'data', type: media.json, title: 'Collections' },
      { href: href.at('/collections'), rel: rel.data, type: media.json, title: 'Collections' },
      { href: href.at('/tileMatrixSets'), rel: rel.tilingSchemes, type: media.json, title: 'Tile matrix sets' },
    ],
  };
}

export const conformance = () => ({ conformsTo: [...conformanceClasses] });

export function collectionDocument(href: OgcHref, def: OgcCollectionDef, bounds: Box, html: boolean) {
  const base = `/collections/${def.id}`;
  return {
    id: def.id,
    title: def.title,
    description: `${def.description}. ${def.access}`,
    attribution: def.attribution,
    access: def.access,
    links: [
      ...selfLinks(href, base, html),
      {
        href: href.at(`${base}/items`, { f: 'json' }),
        rel: 'items',
        type: media.geojson,
        title: 'Features as GeoJSON',
      },
      { href: href.at(`${base}/items`, { f: 'html' }), rel: 'items', type: media.html, title: 'Features as HTML' },
      { href: href.at(`${base}/tiles`), rel: rel.tilesetsVector, type: media.json, title: 'Vector tilesets' },
    ],
    extent: { spatial: { bbox: [[...bounds]], crs: crs84 } },
    itemType: 'feature' as const,
    crs: [crs84, epsg3857],
    storageCrs: crs84,
  };
}

export function collectionsDocument(
  href: OgcHref,
  collections: ReturnType<typeof collectionDocument>[],
  html: boolean,
) {
  return { links: selfLinks(href, '/collections', html), collections };
}

function tilesetLinks(href: OgcHref, def: OgcCollectionDef) {
  const base = `/collections/${def.id}/tiles/WebMercatorQuad`;
  return [
    { href: href.at(base), rel: 'self', type: media.json, title: `${def.title}: WebMercatorQuad tileset` },
    {
      href: href.at('/tileMatrixSets/WebMercatorQuad'),
      rel: rel.tilingScheme,
      type: media.json,
      title: 'WebMercatorQuad',
    },
    {
      href: href.at(`${base}/{tileMatrix}/{tileRow}/{tileCol}`),
      rel: 'item',
      type: media.mvt,
      title: 'Vector tiles (z/y/x)',
      templated: true,
    },
  ];
}

export function tilesetsDocument(href: OgcHref, def: OgcCollectionDef) {
  return {
    links: [{ href: href.at(`/collections/${def.id}/tiles`), rel: 'self', type: media.json, title: 'Tilesets' }],
    tilesets: [
      {
        title: `${def.title} (WebMercatorQuad)`,
        dataType: 'vector' as const,
        crs: epsg3857,
        tileMatrixSetURI: webMercatorQuadUri,
        links: tilesetLinks(href, def),
      },
    ],
  };
}

export function tilesetDocument(href: OgcHref, def: OgcCollectionDef, bounds: Box, fields: Record<string, string>) {
  const source = def.tiles;
  return {
    title: def.title,
    description: def.description,
    attribution: def.attribution,
    dataType: 'vector' as const,
    crs: epsg3857,
    tileMatrixSetURI: webMercatorQuadUri,
    tileMatrixSetLimits: tileMatrixSetLimits(bounds, source.minzoom, source.maxzoom),
    boundingBox: { lowerLeft: [bounds[0], bounds[1]], upperRight: [bounds[2], bounds[3]], crs: crs84 },
    layers: [
      {
        id: def.id,
        dataType: 'vector',
        geometryDimension: 2,
        minTileMatrix: String(source.minzoom),
        maxTileMatrix: String(source.maxzoom),
        propertiesSchema: {
          type: 'object',
          properties: Object.fromEntries(
            Object.entries(fields).map(([name, type]) => [name, { type: type === 'Number' ? 'number' : 'string' }]),
          ),
        },
      },
    ],
    links: tilesetLinks(href, def),
  };
}

export function tileMatrixSetsDocument(href: OgcHref) {
  return {
    tileMatrixSets: [
      {
        id: webMercatorQuad.id,
        title: webMercatorQuad.title,
        uri: webMercatorQuad.uri,
        links: [
          {
            href: href.at('/tileMatrixSets/WebMercatorQuad'),
            rel: 'self',
            type: media.json,
            title: webMercatorQuad.title,
          },
        ],
      },
    ],
  };
}
