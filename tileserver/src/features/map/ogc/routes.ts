// The OGC API at /ogc: OGC API - Features (landing page, conformance, collections, items with bbox,
// limit, offset and keyset next/prev links, property filters on the plan's fields, one item; CRS84 and
// EPSG:3857 by crs and bbox-crs) and OGC API - Tiles (tilesets, the WebMercatorQuad tileset and tile
// matrix set, and tiles at z/y/x that are the tile routes' own tiles). JSON by default, HTML by f=html or
// a browser's Accept. Collections: parcels and the layers of layers.ts (zoning, flood, wetlands), whose
// items come from their tables and whose tiles are their tile routes'. Who may read what: policy.ts.
import { type Context, Hono } from 'hono';
import {
  crs84,
  epsg3857,
  ogcFeatureQuery,
  ogcFormatQuery,
  ogcItemsQuery,
  ogcPropertyFilters,
  ogcReservedParams,
} from '@parcel-map/contracts/map/ogc';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Clock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import type { UsageMeter } from '../../../metering/usage-meter.ts';
import { tableBounds } from '../../../tiles/bounds.ts';
import { serveSourceTile } from '../../../tiles/source-routes.ts';
import { parseTileCoords } from '../../../tiles/tile-coords.ts';
import { publicOrigin, type TileContext } from '../../../tiles/tile-context.ts';
import { tileCaller } from '../../../tiles/tile-gate.ts';
import type { ApiGate } from '../../commerce/api-plans/standing.ts';
import {
  collectionById,
  collectionDocument,
  collectionsDocument,
  conformance,
  landingPage,
  media,
  ogcCollectionDefs,
  OgcHref,
  type OgcCollectionDef,
  selfLinks,
  tileMatrixSetsDocument,
  tilesetDocument,
  tilesetsDocument,
} from './documents.ts';
import { AnswerCache, queryKey } from '../feature-service/answer-cache.ts';
import { htmlAnswer, ogcPage, wantsHtml } from './html.ts';
import type { LayerFilter } from './layer-queries.ts';
import { apiFields, assertFiltersAllowed, assertLayerFilters, featureAccess, layerColumns } from './policy.ts';
import {
  filterOf,
  itemsJson,
  itemsPage,
  layerItems,
  oneItem,
  oneLayerItem,
  parcelItems,
  parsedFeatures,
} from './service.ts';
import { webMercatorQuad } from './tile-matrix-set.ts';

export interface OgcDeps {
  config: Config;
  sql: Sql;
  clock: Clock;
  callers: CallerResolver;
  apiGate: ApiGate;
  meter: UsageMeter;
  tiles: TileContext;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A layer row's id: a serial, so a positive integer of at most 10 digits. */
const rowId = /^[1-9][0-9]{0,9}$/;

/**
 * Features of one HTML page at most: the table is built from parsed features on the event loop, so a
 * page is bounded (its links carry the bound); JSON pages splice PostgreSQL's text and take the full limit.
 */
export const maxHtmlItems = 500;

/**
 * Parcels of one JSON page at most: 10,000 parcels with a premium schema are 40 MB, and even spliced
 * unparsed such a page held the event loop for ~200 ms (N2); 2,000 still took 70 ms, 240 ms on a loaded
 * machine. A page answers fewer than `limit` with a next link, as OGC API Features lets a server.
 */
export const maxParcelItems = 1000;

const boundedForHtml = <Q extends { limit: number }>(q: Q, html: boolean): Q =>
  html && q.limit > maxHtmlItems ? { ...q, limit: maxHtmlItems } : q;

export function ogcRoutes(deps: OgcDeps): Hono {
  const app = new Hono();
  const { sql, tiles } = deps;
  const answers = new AnswerCache();

  const hrefOf = (c: Context) => new OgcHref(publicOrigin(c, deps.config), c.req.query('token'));
  const collectionOf = (c: Context): OgcCollectionDef => {
    const id = c.req.param('collectionId')!;
    const def = collectionById(id);
    if (!def) throw new ApiError('NOT_FOUND', `No collection named ${id}; see /ogc/collections`);
    return def;
  };
  const boundsOf = async (def: OgcCollectionDef) => tableBounds(sql, def.table, Number(await def.tiles.version(tiles)));
  /**
   * A metadata document: anyone's, kept by shared caches unless its links carry the caller's token or
   * it depends on the caller (`perCaller`: who may read it, which fields it lists; N8), then private.
   */
  const metadata = (c: Context, body: object, html: () => string | undefined, perCaller = false) => {
    const page = html();
    if (page !== undefined) return htmlAnswer(c, page);
    if (perCaller && !c.req.query('token'))
      return c.json(body, 200, { 'Cache-Control': 'private, max-age=300', Vary: 'Accept, Cookie, Authorization' });
    const cache = c.req.query('token') ? 'private, no-store' : 'public, max-age=300';
    return c.json(body, 200, { 'Cache-Control': cache, Vary: 'Accept' });
  };
  const format = (c: Context) => ogcFormatQuery.parse(c.req.query()).f;

  app.get('/ogc', (c) => {
    const html = wantsHtml(c, format(c));
    const doc = landingPage(hrefOf(c), html);
    return metadata(c, doc, () => (html ? ogcPage(doc.title, doc.description, doc.links) : undefined));
  });

  app.get('/ogc/conformance', (c) => {
    const html = wantsHtml(c, format(c));
    const doc = conformance();
    return metadata(c, doc, () =>
      html
        ? ogcPage(
            'Conformance',
            'The OGC conformance classes this service implements.',
            [],
            [{ columns: ['conformsTo'], rows: doc.conformsTo.map((uri) => [uri]) }],
          )
        : undefined,
    );
  });

  app.get('/ogc/collections', async (c) => {
    const html = wantsHtml(c, format(c));
    const href = hrefOf(c);
    const collections = await Promise.all(
      ogcCollectionDefs.map(async (def) => collectionDocument(href, def, await boundsOf(def), html)),
    );
    const doc = collectionsDocument(href, collections, html);
    return metadata(c, doc, () =>
      html
        ? ogcPage('Collections', 'The collections of this service.', [
            ...doc.links,
            ...collections.map((col) => ({
              href: href.at(`/collections/${col.id}`, { f: 'html' }),
              rel: 'item',
              title: col.title,
            })),
          ])
        : undefined,
    );
  });

  app.get('/ogc/collections/:collectionId', async (c) => {
    const def = collectionOf(c);
    const html = wantsHtml(c, format(c));
    const doc = collectionDocument(hrefOf(c), def, await boundsOf(def), html);
    return metadata(c, doc, () => (html ? ogcPage(doc.title, doc.description, doc.links) : undefined));
  });

  app.get('/ogc/collections/:collectionId/items', async (c) => {
    const def = collectionOf(c);
    if (def.layer) return layerItemsAnswer(c, def);
    // Who may ask comes before what was asked: an anonymous caller learns nothing about the input.
    const access = await featureAccess(await deps.callers.of(c), deps.apiGate);
    const query = c.req.query();
    const parsed = ogcItemsQuery.parse(query);
    const filters = ogcPropertyFilters.parse(
      Object.fromEntries(Object.entries(query).filter(([name]) => !ogcReservedParams.has(name))),
    );
    assertFiltersAllowed(access, Object.keys(filters));
    const html = wantsHtml(c, parsed.f);
    const q = boundedForHtml(parsed, html);
    // numberMatched answers a count of the filter, whatever the page holds (N3): a metered page spends at
    // least one record, and none is answered once the records are used up.
    if (access.groupId !== null && access.recordsLeft < 1)
      throw new ApiError('TOO_MANY_REQUESTS', "This month's records of your API plan are used up");
    const visible = apiFields(access);
    const filter = filterOf(access, visible, q, filters);
    const href = hrefOf(c);
    const source = parcelItems(sql, filter);
    const cap = Math.min(access.recordsLeft, maxParcelItems);
    const answer = await itemsPage(source, href, def.id, cap, q, filters, html, deps.clock());
    if (access.groupId !== null) deps.meter.countRecords(access.groupId, Math.max(1, answer.features.length));
    c.header('Content-Crs', `<${q.crs ?? crs84}>`);
    if (html) {
      const columns = ['id', 'path', ...visible.filter((name) => name !== 'path' && name !== 'll_uuid').slice(0, 8)];
      return htmlAnswer(
        c,
        ogcPage(
          `${def.title}: features`,
          `${answer.numberReturned} features${answer.numberMatched !== undefined ? ` of ${answer.numberMatched}` : ''}.`,
          answer.links,
          [
            {
              columns,
              rows: parsedFeatures(answer).map((f) =>
                columns.map((name) => (name === 'id' ? f.id : f.properties[name])),
              ),
            },
          ],
        ),
      );
    }
    return c.body(itemsJson(answer), 200, { 'Content-Type': media.geojson, 'Cache-Control': 'private, no-store' });
  });

  app.get('/ogc/collections/:collectionId/items/:featureId', async (c) => {
    const def = collectionOf(c);
    if (def.layer) return layerItemAnswer(c, def);
    const access = await featureAccess(await deps.callers.of(c), deps.apiGate);
    const q = ogcFeatureQuery.parse(c.req.query());
    const html = wantsHtml(c, q.f);
    const featureId = c.req.param('featureId')!;
    const missing = new ApiError('NOT_FOUND', `No feature ${featureId} in ${def.id}`);
    if (!uuid.test(featureId) || access.recordsLeft < 1) throw missing;
    const webMercator = q.crs === epsg3857;
    const filter = filterOf(access, apiFields(access), {}, {});
    const feature = await oneItem(sql, hrefOf(c), def.id, filter, featureId.toLowerCase(), webMercator, html);
    if (!feature) throw missing;
    if (access.groupId !== null) deps.meter.countRecords(access.groupId, 1);
    c.header('Content-Crs', `<${q.crs ?? crs84}>`);
    if (html)
      return htmlAnswer(
        c,
        ogcPage(`${def.title}: ${feature.id}`, String(feature.properties.path), feature.links ?? [], [
          { columns: ['field', 'value'], rows: Object.entries(feature.properties) },
        ]),
      );
    return c.body(JSON.stringify(feature), 200, {
      'Content-Type': media.geojson,
      'Cache-Control': 'private, no-store',
    });
  });

  /** A layer's filter for the caller: its columns (refused as its tile layer refuses), bbox and filters. */
  const layerFilterOf = async (c: Context, def: OgcCollectionDef) => {
    const layer = def.layer!;
    const columns = await layerColumns(layer, tiles, await tileCaller(tiles, c), c);
    const query = c.req.query();
    const q = ogcItemsQuery.parse(query);
    const filters = ogcPropertyFilters.parse(
      Object.fromEntries(Object.entries(query).filter(([name]) => !ogcReservedParams.has(name))),
    );
    assertLayerFilters(columns, Object.keys(filters));
    const filter: LayerFilter = {
      table: layer.table,
      columns,
      bbox: q.bbox ? { box: q.bbox, webMercator: q['bbox-crs'] === epsg3857 } : undefined,
      filters,
    };
    return { q, filters, filter };
  };

  const layerItemsAnswer = async (c: Context, def: OgcCollectionDef) => {
    const { q: parsed, filters, filter } = await layerFilterOf(c, def);
    const html = wantsHtml(c, parsed.f);
    const q = boundedForHtml(parsed, html);
    const source = layerItems(sql, filter);
    const page = () => itemsPage(source, hrefOf(c), def.id, Infinity, q, filters, html, deps.clock());
    c.header('Content-Crs', `<${q.crs ?? crs84}>`);
    if (!html) {
      // Callers reading the same columns share one answer of the same query (its links echo the query's
      // token, so the key holds the whole query): the review's flood repeated one zoning page (N2).
      const key = `${def.id}|${filter.columns.join(',')}|${queryKey(c.req.query())}`;
      const answer = await answers.get(key, async () => ({
        status: 200,
        headers: [['Content-Type', media.geojson]],
        body: new TextEncoder().encode(itemsJson(await page())),
      }));
      return c.body(answer.body as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': media.geojson,
        'Cache-Control': 'private, no-store',
      });
    }
    const answer = await page();
    const columns = ['id', ...filter.columns];
    const rows = parsedFeatures(answer).map((f) => columns.map((name) => (name === 'id' ? f.id : f.properties[name])));
    const counted = answer.numberMatched !== undefined ? ` of ${answer.numberMatched}` : '';
    const title = `${def.title}: features`;
    return htmlAnswer(
      c,
      ogcPage(title, `${answer.numberReturned} features${counted}.`, answer.links, [{ columns, rows }]),
    );
  };

  const layerItemAnswer = async (c: Context, def: OgcCollectionDef) => {
    const columns = await layerColumns(def.layer!, tiles, await tileCaller(tiles, c), c);
    const q = ogcFeatureQuery.parse(c.req.query());
    const html = wantsHtml(c, q.f);
    const featureId = c.req.param('featureId')!;
    const missing = new ApiError('NOT_FOUND', `No feature ${featureId} in ${def.id}`);
    if (!rowId.test(featureId)) throw missing;
    const filter: LayerFilter = { table: def.layer!.table, columns, filters: {} };
    const webMercator = q.crs === epsg3857;
    const feature = await oneLayerItem(sql, hrefOf(c), def.id, filter, Number(featureId), webMercator, html);
    if (!feature) throw missing;
    c.header('Content-Crs', `<${q.crs ?? crs84}>`);
    if (html)
      return htmlAnswer(
        c,
        ogcPage(`${def.title}: ${feature.id}`, def.description, feature.links ?? [], [
          { columns: ['field', 'value'], rows: Object.entries(feature.properties) },
        ]),
      );
    return c.body(JSON.stringify(feature), 200, {
      'Content-Type': media.geojson,
      'Cache-Control': 'private, no-store',
    });
  };

  app.get('/ogc/collections/:collectionId/tiles', (c) => {
    const def = collectionOf(c);
    const html = wantsHtml(c, format(c));
    const doc = tilesetsDocument(hrefOf(c), def);
    return metadata(c, doc, () =>
      html
        ? ogcPage(`${def.title}: tilesets`, 'Vector tilesets of the collection.', doc.tilesets[0]!.links)
        : undefined,
    );
  });

  app.get('/ogc/collections/:collectionId/tiles/WebMercatorQuad', async (c) => {
    const def = collectionOf(c);
    const html = wantsHtml(c, format(c));
    const caller = await tileCaller(tiles, c);
    await def.tiles.mayRead(tiles, caller, c);
    const meta = await def.tiles.metadata(tiles, caller, c, '');
    const fields = meta.vector_layers[0]?.fields ?? {};
    const doc = tilesetDocument(hrefOf(c), def, await boundsOf(def), { ...fields });
    return metadata(
      c,
      doc,
      () => (html ? ogcPage(`${def.title}: WebMercatorQuad tileset`, def.description, doc.links) : undefined),
      true,
    );
  });

  // OGC API Tiles orders a tile's path z/y/x (tileMatrix/tileRow/tileCol); the tile is the tile route's.
  app.get('/ogc/collections/:collectionId/tiles/WebMercatorQuad/:z/:y/:x', async (c) => {
    const caller = await tileCaller(tiles, c);
    const def = collectionOf(c);
    return serveSourceTile(tiles, c, caller, def.tiles, () =>
      parseTileCoords(c.req.param('z')!, c.req.param('x')!.replace(/\.mvt$/, ''), c.req.param('y')!),
    );
  });

  app.get('/ogc/tileMatrixSets', (c) => {
    const html = wantsHtml(c, format(c));
    const href = hrefOf(c);
    const doc = tileMatrixSetsDocument(href);
    return metadata(c, doc, () =>
      html
        ? ogcPage('Tile matrix sets', 'The tiling schemes of this service.', doc.tileMatrixSets[0]!.links)
        : undefined,
    );
  });

  app.get('/ogc/tileMatrixSets/WebMercatorQuad', (c) => {
    const html = wantsHtml(c, format(c));
    const href = hrefOf(c);
    return metadata(c, webMercatorQuad, () =>
      html
        ? ogcPage(
            webMercatorQuad.title,
            webMercatorQuad.uri,
            selfLinks(href, '/tileMatrixSets/WebMercatorQuad', true),
            [
              {
                columns: ['id', 'scaleDenominator', 'cellSize', 'matrixWidth'],
                rows: webMercatorQuad.tileMatrices.map((m) => [m.id, m.scaleDenominator, m.cellSize, m.matrixWidth]),
              },
            ],
          )
        : undefined,
    );
  });

  return app;
}
