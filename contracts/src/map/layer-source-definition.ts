// Source definitions over the other layers than parcels: buildings (filter by height and type) and
// zoning districts (filter by code and standardized type), each with one style, a fill colour for
// all or a colour per value of one field. Posted to the same sources API as parcel definitions
// ({query: {buildings: true} | {zoning: true}, style}) and stored beside them.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';
import { normaliseColor } from './source-definition.ts';

const color = boundedString(9).regex(/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'colours are #rrggbb or #rrggbbaa');
const values = z.array(boundedString(200)).min(1).max(1000);
const numericRange = z
  .object({
    gte: z.number().optional(),
    lte: z.number().optional(),
    gt: z.number().optional(),
    lt: z.number().optional(),
  })
  .strict()
  .refine((r) => Object.keys(r).length > 0, 'a range needs at least one of gte, lte, gt, lt');

/** The fields a layer source may colour by, per layer. */
export const layerStyleFields = { buildings: ['building_type'], zoning: ['zoning', 'zoning_type'] } as const;
export type SourceLayer = keyof typeof layerStyleFields;

const style = z
  .object({
    fill: color,
    line: color.optional(),
    /** Colour by a field's values: features whose value is not listed take `fill`. */
    by: z
      .object({ field: boundedString(40), values: z.record(boundedString(200), color) })
      .strict()
      .optional(),
  })
  .strict();

export const layerDefinitionInput = z
  .object({
    query: z.union([
      z
        .object({
          buildings: z.literal(true),
          filters: z
            .object({ height_ft: numericRange.optional(), building_type: values.optional() })
            .strict()
            .optional(),
        })
        .strict(),
      z
        .object({
          zoning: z.literal(true),
          filters: z.object({ zoning: values.optional(), zoning_type: values.optional() }).strict().optional(),
        })
        .strict(),
    ]),
    style: style.optional(),
  })
  .strict();

export interface LayerStyle {
  fill: string;
  line: string;
  by?: { field: string; values: Record<string, string> };
}

export type LayerSourceDefinition =
  | {
      query: {
        buildings: true;
        filters?: { height_ft?: { gte?: number; lte?: number; gt?: number; lt?: number }; building_type?: string[] };
      };
      style: LayerStyle;
    }
  | { query: { zoning: true; filters?: { zoning?: string[]; zoning_type?: string[] } }; style: LayerStyle };

/** A body is a layer definition when its query names buildings or zoning (else it is a parcel one). */
export function isLayerQuery(body: unknown): boolean {
  const query = (body as { query?: unknown } | null)?.query;
  return typeof query === 'object' && query !== null && ('buildings' in query || 'zoning' in query);
}

export function isLayerDefinition(definition: object): definition is LayerSourceDefinition {
  return isLayerQuery(definition);
}

export function layerOf(definition: LayerSourceDefinition): SourceLayer {
  return 'buildings' in definition.query ? 'buildings' : 'zoning';
}

// The spec's source default: a purple line; a light fill so a layer source shows without rules.
const defaultStyle: LayerStyle = { fill: '#8a2be266', line: '#8a2be2ff' };

export interface LayerDefinitionCheck {
  definition: LayerSourceDefinition;
  problems: string[];
}

/** Checks a posted layer definition; a body that does not even match the shape throws zod's error. */
export function checkLayerDefinition(body: unknown): LayerDefinitionCheck {
  const input = layerDefinitionInput.parse(body);
  const problems: string[] = [];
  const layer: SourceLayer = 'buildings' in input.query ? 'buildings' : 'zoning';
  const raw = input.style;
  const out: LayerStyle = raw
    ? { fill: normaliseColor(raw.fill), line: normaliseColor(raw.line ?? defaultStyle.line) }
    : { ...defaultStyle };
  if (raw?.by) {
    const allowed: readonly string[] = layerStyleFields[layer];
    if (!allowed.includes(raw.by.field))
      problems.push(`style.by.field: ${layer} sources colour by ${allowed.join(' or ')}, not ${raw.by.field}`);
    const entries = Object.entries(raw.by.values);
    if (entries.length === 0) problems.push('style.by.values: give at least one value and its colour');
    if (entries.length > 200) problems.push('style.by.values: at most 200 values');
    out.by = {
      field: raw.by.field,
      values: Object.fromEntries(entries.map(([value, c]) => [value, normaliseColor(c)])),
    };
  }
  const range = 'buildings' in input.query ? input.query.filters?.height_ft : undefined;
  if (range && Object.values(range).some((n) => !Number.isFinite(n)))
    problems.push('filter height_ft: bounds are finite numbers');
  // Drops empty filter objects so the same selection always has the same id.
  const filters = Object.fromEntries(Object.entries(input.query.filters ?? {}).filter(([, v]) => v !== undefined));
  const query = {
    ...(layer === 'buildings' ? { buildings: true } : { zoning: true }),
    ...(Object.keys(filters).length ? { filters } : {}),
  };
  return { definition: { query, style: out } as LayerSourceDefinition, problems };
}

/** Whether the definition reads the standardized zoning type (a Pro field) to filter or colour. */
export function readsZoningType(definition: LayerSourceDefinition): boolean {
  if (!('zoning' in definition.query)) return false;
  return definition.query.filters?.zoning_type !== undefined || definition.style.by?.field === 'zoning_type';
}
