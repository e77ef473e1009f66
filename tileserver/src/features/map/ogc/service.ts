// The OGC API's items: a page of a collection's filter as a GeoJSON FeatureCollection with
// numberMatched, numberReturned, timeStamp and its links (self, alternate, next and prev, collection).
// The next link pages by the last row id (keyset), so walking it visits every feature once at the cost
// of the first page; prev reads backwards from the first id. Parcels and the layers (zoning, flood,
// wetlands) differ only in where their rows come from (ItemsSource); at most `cap` features are
// answered (the records a parcel plan has left). A page's features arrive as the GeoJSON texts
// PostgreSQL built and are spliced into the answer's JSON unparsed, so a 10,000-feature page costs the
// event loop a string join, not a parse and a stringify of every feature (security review 2, N2); only
// the HTML page parses them.
import { epsg3857, type OgcItemsQuery } from '@parcel-map/contracts/map/ogc';
import type { Sql } from '../../../db/client.ts';
import { media, type OgcHref, selfLinks } from './documents.ts';
import type { OgcLink } from './html.ts';
import type { Access } from './policy.ts';
import { countLayerItems, findLayerItem, findLayerItems, type LayerFilter, type LayerRow } from './layer-queries.ts';
import { countItems, type FeatureText, findItem, findItems, type ItemRow, type ItemsFilter } from './queries.ts';

export interface OgcFeature {
  type: 'Feature';
  id: string | number;
  geometry: ItemRow['geometry'];
  properties: Record<string, unknown>;
  links?: OgcLink[];
}

/** A page: its features as GeoJSON texts, and the collection's other members. */
export interface ItemsAnswer {
  features: string[];
  links: OgcLink[];
  timeStamp: string;
  numberMatched?: number;
  numberReturned: number;
}

/** The page's GeoJSON FeatureCollection text, its features spliced in as PostgreSQL wrote them. */
export function itemsJson(answer: ItemsAnswer): string {
  const { features, ...rest } = answer;
  const members = JSON.stringify(rest).slice(1);
  return `{"type":"FeatureCollection","features":[${features.join(',')}],${members}`;
}

/** The page's features as objects (the HTML page's table). */
export const parsedFeatures = (answer: ItemsAnswer): OgcFeature[] =>
  answer.features.map((text) => JSON.parse(text) as OgcFeature);

interface ItemsPageRequest {
  take: number;
  offset: number;
  after?: number;
  before?: number;
  webMercator: boolean;
}

/** Where a collection's features come from: a page of features by id, and their count. */
export interface ItemsSource {
  find(page: ItemsPageRequest): Promise<FeatureText[]>;
  count(): Promise<number | undefined>;
}

const featureOf = (row: ItemRow): OgcFeature => ({
  type: 'Feature',
  id: row.ll_uuid,
  geometry: row.geometry,
  properties: { ...row.fields, path: row.path, ll_uuid: row.ll_uuid },
});

const layerFeatureOf = (row: LayerRow): OgcFeature => ({
  type: 'Feature',
  id: row.id,
  geometry: row.geometry,
  properties: row.fields,
});

export const parcelItems = (sql: Sql, filter: ItemsFilter): ItemsSource => ({
  find: (page) => findItems(sql, filter, page),
  count: () => countItems(sql, filter),
});

export const layerItems = (sql: Sql, filter: LayerFilter): ItemsSource => ({
  find: (page) => findLayerItems(sql, filter, page),
  count: () => countLayerItems(sql, filter),
});

export function filterOf(
  access: Access,
  visible: readonly string[],
  q: Pick<OgcItemsQuery, 'bbox' | 'bbox-crs'>,
  filters: Record<string, string>,
): ItemsFilter {
  return {
    visible,
    counties: access.counties,
    bbox: q.bbox ? { box: q.bbox, webMercator: q['bbox-crs'] === epsg3857 } : undefined,
    filters,
  };
}

/** The query of a page's links: what selects the features (bbox, crs, filters, limit), then the cursor. */
function linkParams(
  q: OgcItemsQuery,
  filters: Record<string, string>,
  limit: number,
  html: boolean,
  cursor: Record<string, string>,
) {
  const params: Record<string, string> = { f: html ? 'html' : 'json', limit: String(limit) };
  if (q.bbox) params.bbox = q.bbox.join(',');
  if (q['bbox-crs'] === epsg3857) params['bbox-crs'] = epsg3857;
  if (q.crs === epsg3857) params.crs = epsg3857;
  return { ...params, ...filters, ...cursor };
}

export async function itemsPage(
  source: ItemsSource,
  href: OgcHref,
  collectionId: string,
  cap: number,
  q: OgcItemsQuery,
  filters: Record<string, string>,
  html: boolean,
  now: Date,
): Promise<ItemsAnswer> {
  const limit = Math.max(0, Math.min(q.limit, cap));
  const webMercator = q.crs === epsg3857;
  const [rows, matched] = await Promise.all([
    source.find({ take: limit + 1, offset: q.offset, after: q.after, before: q.before, webMercator }),
    source.count(),
  ]);
  // One row more than the page tells whether another page follows (or, read backwards, precedes).
  const more = rows.length > limit;
  const page = q.before !== undefined ? rows.slice(rows.length - Math.min(rows.length, limit)) : rows.slice(0, limit);
  const path = `/collections/${collectionId}/items`;
  const current: Record<string, string> =
    q.after !== undefined
      ? { after: String(q.after) }
      : q.before !== undefined
        ? { before: String(q.before) }
        : q.offset
          ? { offset: String(q.offset) }
          : {};
  const links: OgcLink[] = [
    ...selfLinks(href, path, html, media.geojson).map((link) => ({
      ...link,
      href: href.at(path, linkParams(q, filters, q.limit, link.type === media.html, current)),
    })),
    { href: href.at(`/collections/${collectionId}`), rel: 'collection', type: media.json, title: 'The collection' },
  ];
  const last = page.at(-1) && Number(page.at(-1)!.id);
  const first = page[0] && Number(page[0].id);
  const hasNext = q.before !== undefined ? page.length > 0 : more;
  const hasPrev =
    q.before !== undefined ? more : q.after !== undefined ? page.length > 0 : q.offset > 0 && page.length > 0;
  const type = html ? media.html : media.geojson;
  if (hasNext && last)
    links.push({
      href: href.at(path, linkParams(q, filters, q.limit, html, { after: String(last) })),
      rel: 'next',
      type,
      title: 'Next page',
    });
  if (hasPrev && first)
    links.push({
      href: href.at(path, linkParams(q, filters, q.limit, html, { before: String(first) })),
      rel: 'prev',
      type,
      title: 'Previous page',
    });
  return {
    features: page.map((row) => row.feature),
    links,
    timeStamp: now.toISOString(),
    ...(matched !== undefined ? { numberMatched: matched } : {}),
    numberReturned: page.length,
  };
}

export async function oneItem(
  sql: Sql,
  href: OgcHref,
  collectionId: string,
  filter: ItemsFilter,
  featureId: string,
  webMercator: boolean,
  html: boolean,
): Promise<OgcFeature | undefined> {
  const row = await findItem(sql, filter, featureId, webMercator);
  return row && withLinks(href, collectionId, featureOf(row), html);
}

export async function oneLayerItem(
  sql: Sql,
  href: OgcHref,
  collectionId: string,
  filter: LayerFilter,
  id: number,
  webMercator: boolean,
  html: boolean,
): Promise<OgcFeature | undefined> {
  const row = await findLayerItem(sql, filter, id, webMercator);
  return row && withLinks(href, collectionId, layerFeatureOf(row), html);
}

function withLinks(href: OgcHref, collectionId: string, feature: OgcFeature, html: boolean): OgcFeature {
  const path = `/collections/${collectionId}/items/${encodeURIComponent(String(feature.id))}`;
  return {
    ...feature,
    links: [
      ...selfLinks(href, path, html, media.geojson),
      { href: href.at(`/collections/${collectionId}`), rel: 'collection', type: media.json, title: 'The collection' },
    ],
  };
}
