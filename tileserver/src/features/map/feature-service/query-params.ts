// The ArcGIS query parameters beyond the where clause, read into what the SQL needs: spatial references
// (4326, 3857 and its older WKIDs), the geometry filter (envelopes and points, as text or JSON),
// spatialRel (intersects only), outFields and orderByFields checked against the caller's fields. Each
// bad value is a 400 naming the parameter, as ArcGIS words it.
import type { FeatureQuery } from '@parcel-map/contracts/map/feature-service';
import { ApiError } from '../../../errors.ts';
import type { LayerField } from './layers.ts';
import type { Selection, Wkid } from './queries.ts';
import type { FieldIndex } from './where-sql.ts';

const invalid = (parameter: string, detail: string) =>
  new ApiError('BAD_REQUEST', `'${parameter}' parameter is invalid`, { details: [detail] });

const webMercator = new Set([3857, 102100, 102113, 900913]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A spatial reference parameter as 4326 or 3857; `fallback` when absent. */
export function wkidOf(parameter: string, value: string | undefined, fallback: Wkid): Wkid {
  if (value === undefined || value.trim() === '') return fallback;
  let wkid: unknown = Number(value);
  if (Number.isNaN(wkid)) {
    const json = parseJson(value) as { wkid?: unknown; latestWkid?: unknown } | undefined;
    wkid = json?.latestWkid ?? json?.wkid;
  }
  if (wkid === 4326) return 4326;
  if (typeof wkid === 'number' && webMercator.has(wkid)) return 3857;
  throw invalid(parameter, 'Only spatial references 4326 and 3857 (102100) are served');
}

const finite = (values: unknown[]): values is number[] =>
  values.every((v) => typeof v === 'number' && Number.isFinite(v));

/** The geometry filter: an envelope or a point in inSR (or the geometry's own spatialReference). */
export function spatialFilter(q: FeatureQuery): Selection['spatial'] {
  if (q.spatialRel !== undefined && q.spatialRel !== 'esriSpatialRelIntersects')
    throw invalid('spatialRel', 'Only esriSpatialRelIntersects is served');
  if (q.geometry === undefined || q.geometry.trim() === '') return undefined;
  const text = q.geometry.trim();
  const json = text.startsWith('{') ? (parseJson(text) as Record<string, unknown> | undefined) : undefined;
  if (text.startsWith('{') && (typeof json !== 'object' || json === null))
    throw invalid('geometry', 'geometry is not valid JSON');
  const ownSr = json?.spatialReference === undefined ? undefined : JSON.stringify(json.spatialReference);
  const sr = wkidOf(ownSr === undefined ? 'inSR' : 'geometry', ownSr ?? q.inSR, 4326);
  const numbers = json ? undefined : text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  const type =
    q.geometryType ??
    (json && 'x' in json ? 'esriGeometryPoint' : numbers?.length === 2 ? 'esriGeometryPoint' : 'esriGeometryEnvelope');
  if (type === 'esriGeometryPoint') {
    const xy = json ? [json.x, json.y] : numbers!;
    if (xy.length !== 2 || !finite(xy)) throw invalid('geometry', 'A point is x,y or {"x":..,"y":..}');
    return { kind: 'point', x: xy[0]!, y: xy[1]!, sr };
  }
  const box = json ? [json.xmin, json.ymin, json.xmax, json.ymax] : numbers!;
  if (box.length !== 4 || !finite(box))
    throw invalid('geometry', 'An envelope is xmin,ymin,xmax,ymax or {"xmin":..,"ymin":..,"xmax":..,"ymax":..}');
  const [xmin, ymin, xmax, ymax] = box as [number, number, number, number];
  if (xmin > xmax || ymin > ymax) throw invalid('geometry', 'The envelope has xmin > xmax or ymin > ymax');
  return { kind: 'envelope', box: [xmin, ymin, xmax, ymax], sr };
}

/** outFields: * for every field of the caller, else names from them (OBJECTID always comes along). */
export function outFieldsOf(value: string | undefined, all: readonly LayerField[], index: FieldIndex): LayerField[] {
  if (value === undefined || value.trim() === '') return [];
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.includes('*')) return [...all];
  const unknown = names.filter((n) => !index.has(n.toLowerCase()));
  if (unknown.length) throw invalid('outFields', `Fields not in this layer for your plan: ${unknown.join(', ')}`);
  const chosen = new Set(names.map((n) => index.get(n.toLowerCase())!));
  return all.filter((f) => chosen.has(f));
}

/** orderByFields: "name [ASC|DESC], ..." over the caller's fields. */
export function orderOf(value: string | undefined, index: FieldIndex): { field: LayerField; descending: boolean }[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((part) => {
    const m = /^\s*"?([A-Za-z_][A-Za-z0-9_]*)"?(?:\s+(ASC|DESC))?\s*$/i.exec(part);
    const field = m ? index.get(m[1]!.toLowerCase()) : undefined;
    if (!m || !field) throw invalid('orderByFields', `Cannot order by ${JSON.stringify(part.trim())}`);
    return { field, descending: m[2]?.toUpperCase() === 'DESC' };
  });
}
