// The official checker of each format the server publishes, wrapped to answer a list of problems (empty
// when the answer conforms), so the conformance suite can report every route's problems at once. Each
// format is checked by its own specification's schema or a maintained validator first, then by a bar of
// ours where the specification leaves room (semver anchored, counters named *_total, rings wound as MVT
// 2.1 says). Used by tests only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { getIssues } from '@placemarkio/check-geojson';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv } from 'ajv';
import { parse as parseCsv } from 'csv-parse/sync';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { PbfReader } from 'pbf';
import { PNG } from 'pngjs';

const ajv = new Ajv({ strict: false, allErrors: true });
const tileJsonSchema = ajv.compile(
  JSON.parse(readFileSync(new URL('./tilejson-3.0.0.schema.json', import.meta.url), 'utf8')),
);

// semver.org's pattern for a release version (no pre-release or build parts).
const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** TileJSON 3.0.0: the specification's JSON schema, then ours (anchored semver, string legend, zooms, templates). */
export function tileJsonProblems(doc: unknown): string[] {
  const problems = tileJsonSchema(doc)
    ? []
    : (tileJsonSchema.errors ?? []).map((e) => `schema: ${e.instancePath || '(document)'} ${e.message}`);
  const d = doc as Record<string, unknown>;
  if (typeof d.version !== 'string' || !semver.test(d.version))
    problems.push(`version ${JSON.stringify(d.version)} is not semver MAJOR.MINOR.PATCH`);
  if ('legend' in d && typeof d.legend !== 'string') problems.push('legend is not a string');
  if (d.scheme !== undefined && d.scheme !== 'xyz' && d.scheme !== 'tms') problems.push(`scheme ${d.scheme}`);
  const [minzoom, maxzoom] = [d.minzoom as number, d.maxzoom as number];
  if (!(Number.isInteger(minzoom) && Number.isInteger(maxzoom) && minzoom >= 0 && minzoom <= maxzoom && maxzoom <= 30))
    problems.push(`zooms ${minzoom}..${maxzoom}`);
  for (const tile of (d.tiles as string[]) ?? [])
    if (!/\{z\}.*\{x\}.*\{y\}/.test(tile)) problems.push(`tile template without {z}/{x}/{y}: ${tile}`);
  const bounds = d.bounds as number[] | undefined;
  if (bounds !== undefined) {
    const [w, s, e, n] = bounds;
    if (bounds.length !== 4 || !(w! >= -180 && e! <= 180 && s! >= -90 && n! <= 90 && w! <= e! && s! <= n!))
      problems.push(`bounds ${JSON.stringify(bounds)}`);
  }
  for (const layer of (d.vector_layers as { id: string; fields: Record<string, string> }[]) ?? [])
    for (const [field, kind] of Object.entries(layer.fields ?? {}))
      if (!['String', 'Number', 'Boolean'].includes(kind)) problems.push(`${layer.id}.${field}: field type ${kind}`);
  return problems;
}

/** A MapLibre style, by the style specification's own validator (what gl-style-validate runs). */
export function styleProblems(style: unknown): string[] {
  return validateStyleMin(style as never).map((e) => e.message);
}

/** OpenAPI 3.1, by @readme/openapi-parser (schema and semantic checks). */
export async function openApiProblems(doc: unknown): Promise<string[]> {
  if ((doc as { openapi?: string }).openapi?.startsWith('3.1') !== true) return ['not an OpenAPI 3.1 document'];
  const result = await validate(structuredClone(doc) as never);
  return result.valid ? [] : [compileErrors(result)];
}

/** GeoJSON (RFC 7946) text, by @placemarkio/check-geojson, then ours: coordinates in WGS 84 ranges. */
export function geoJsonProblems(text: string): string[] {
  const problems = getIssues(text).map((issue) => issue.message);
  if (problems.length) return problems;
  const outOfRange: string[] = [];
  JSON.parse(text, (key, value) => {
    if (key === 'coordinates') visitPositions(value, outOfRange);
    return value;
  });
  return outOfRange.slice(0, 5);
}

function visitPositions(value: unknown, out: string[]): void {
  if (!Array.isArray(value)) return;
  if (typeof value[0] === 'number') {
    const [lon, lat] = value as number[];
    if (!(lon! >= -180 && lon! <= 180 && lat! >= -90 && lat! <= 90)) out.push(`position ${lon},${lat} outside WGS 84`);
    return;
  }
  for (const item of value) visitPositions(item, out);
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/**
 * The Prometheus text format, by parse-prometheus-text-format, then ours: every sample line is one of a
 * parsed family (the parser drops what it cannot read), names are legal, counters end in `_total`,
 * every family has HELP and TYPE.
 */
export function prometheusProblems(text: string): string[] {
  const problems: string[] = [];
  const families = parsePrometheusTextFormat(text);
  const names = new Set(families.map((f) => f.name));
  for (const family of families) {
    if (!metricName.test(family.name)) problems.push(`${family.name}: not a legal metric name`);
    if (family.type === 'COUNTER' && !family.name.endsWith('_total'))
      problems.push(`${family.name}: a counter not named *_total`);
    if (!family.help) problems.push(`${family.name}: no HELP`);
  }
  const typed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const name = /^([^\s{]+)/.exec(line)?.[1] ?? line;
    if (!metricName.test(name)) problems.push(`sample ${name}: not a legal metric name`);
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => names.has(n) && typed.has(n));
    if (!family) problems.push(`sample ${name}: in no parsed family with a TYPE`);
  }
  return problems;
}

/** CSV by RFC 4180, parsed strictly by csv-parse: quotes closed, every record as wide as the header. */
export function csvProblems(text: string): string[] {
  try {
    const records = parseCsv(text, { bom: true, relax_quotes: false, relax_column_count: false }) as string[][];
    if (records.length === 0) return ['no header row'];
    const header = records[0]!;
    if (new Set(header).size !== header.length) return [`repeated column names: ${header.join(',')}`];
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/**
 * A PNG tile: decoded by pngjs, which checks the signature, every chunk's CRC and the image data's
 * length, and square at the pixel size its URL asks for (256, or 512 for @2x).
 */
export function pngProblems(bytes: Uint8Array, size: number): string[] {
  try {
    const png = PNG.sync.read(Buffer.from(bytes));
    return png.width === size && png.height === size ? [] : [`${png.width}x${png.height} pixels, not ${size}x${size}`];
  } catch (error) {
    return [`not a PNG: ${(error as Error).message}`];
  }
}

export interface TileAt {
  z: number;
  x: number;
  y: number;
}

/**
 * An MVT 2.1 tile: decoded by @mapbox/vector-tile (every layer version 2 with an extent, geometry inside
 * the extent with its buffer, every polygon's first ring exterior (positive area, clockwise on screen)
 * and no ring of zero area) and opened by GDAL's MVT driver, which must find the same layers.
 */
export function mvtProblems(bytes: Uint8Array, at: TileAt): { problems: string[]; layers: string[] } {
  const problems: string[] = [];
  const tile = new VectorTile(new PbfReader(bytes));
  const layers = Object.keys(tile.layers);
  for (const name of layers) {
    const layer = tile.layers[name]!;
    if (layer.version !== 2) problems.push(`${name}: layer version ${layer.version}`);
    if (!(Number.isInteger(layer.extent) && layer.extent > 0)) problems.push(`${name}: extent ${layer.extent}`);
    for (let i = 0; i < layer.length; i++) {
      const problem = featureProblem(layer.feature(i), layer.extent);
      if (problem) {
        problems.push(`${name} feature ${i}: ${problem}`);
        break;
      }
    }
  }
  const gdal = gdalLayers(bytes, at);
  if (gdal.join() !== [...layers].sort().join()) problems.push(`GDAL found layers ${gdal} where we decoded ${layers}`);
  return { problems, layers };
}

function featureProblem(feature: VectorTileFeature, extent: number): string | undefined {
  const rings = feature.loadGeometry();
  const margin = extent / 2;
  for (const ring of rings)
    for (const p of ring)
      if (p.x < -margin || p.y < -margin || p.x > extent + margin || p.y > extent + margin)
        return `point ${p.x},${p.y} far outside the extent`;
  if (feature.type !== 3) return undefined;
  const areas = rings.map((ring) => ring.reduce((sum, p, i) => sum + cross(p, ring[(i + 1) % ring.length]!), 0));
  if (areas.some((a) => a === 0)) return 'a ring of zero area';
  if (areas[0]! < 0) return 'its first ring winds as an interior ring (MVT 2.1: exterior rings have positive area)';
  return undefined;
}

const cross = (a: { x: number; y: number }, b: { x: number; y: number }) => a.x * b.y - b.x * a.y;

/** The layers GDAL's MVT driver opens in one tile file (it takes z/x/y from the file's path). */
function gdalLayers(bytes: Uint8Array, at: TileAt): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-mvt-'));
  try {
    mkdirSync(join(dir, String(at.z), String(at.x)), { recursive: true });
    const file = join(dir, String(at.z), String(at.x), `${at.y}.pbf`);
    writeFileSync(file, bytes);
    const info = execFileSync('ogrinfo', ['-ro', '-so', '-al', file], { encoding: 'utf8' });
    if (!info.includes("using driver `MVT'")) return [];
    return [...info.matchAll(/^Layer name: (\S+)/gm)].map((m) => m[1]!).sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
