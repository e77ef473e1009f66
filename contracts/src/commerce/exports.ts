// Request and answer shapes of exports and the cart (shared with the viewer: no server-only imports).
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

export const exportFormats = ['csv', 'shp', 'kml', 'geojson', 'gpkg', 'sql', 'mbtiles', 'pmtiles'] as const;
export type ExportFormat = (typeof exportFormats)[number];
/** Vector-tile archives (z11-16) of the selection, to take offline; the other formats are feature files. */
export const tileArchiveFormats = ['mbtiles', 'pmtiles'] as const satisfies readonly ExportFormat[];

const placePath = boundedString(300)
  .trim()
  .regex(/^\/[a-z]{2}(\/[a-z0-9-]+)*$/, 'A place path looks like /us/ma/middlesex/cambridge');
/** Hand-picked parcels an export may name at most (spec: select parcels on the map). */
export const maxPickedParcels = 5000;
const parcelPath = boundedString(300)
  .trim()
  .regex(/^\/[a-z]{2}(\/[a-z0-9-]+)+\/[0-9]+$/, 'A parcel path looks like /us/ma/middlesex/cambridge/123');
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** Datasets an export may carry beside its parcels (each is its own table or file). */
export const maxExportDatasets = 5;
/**
 * A dataset of an export, keyed by its source id: a stored buildings or zoning source (`source:<id>`)
 * or a catalogue layer (`layer:<id>`); sourceId repeats the key's source when given. Its features that
 * intersect the export's place (or focus area) are exported, with the stored source's filters.
 */
export const exportDataset = z
  .object({
    sourceId: boundedString(80).optional(),
    operation: z.enum(['intersects']).default('intersects'),
    path: placePath.optional(),
  })
  .strict();
export type ExportDataset = z.output<typeof exportDataset>;

/**
 * The export query: a place path, parcel filters (field to values or a range), an optional focus area,
 * dataset filters keyed by source id, or hand-picked parcels (paths inside the place: exactly those are
 * exported, the filters set aside).
 */
export const exportQuery = z
  .object({
    path: placePath,
    parcel: z.record(boundedString(80), z.unknown()).default({}),
    focus_area_id: z.number().int().positive().optional(),
    parcels: z.array(parcelPath).min(1).max(maxPickedParcels).optional(),
    datasets: z
      .record(boundedString(80), exportDataset)
      .refine((d) => Object.keys(d).length <= maxExportDatasets, `at most ${maxExportDatasets} datasets`)
      .default({}),
    operation: boundedString(40).optional(),
    sourceId: boundedString(80).optional(),
  })
  .strict();
export type ExportQuery = z.output<typeof exportQuery>;

export const countsBody = z.object({ query: exportQuery.optional() }).strict();
export const checkBody = z
  .object({ fmt: z.enum(exportFormats).default('csv'), all_parcels: flag.default(false), query: exportQuery })
  .strict();
export const startBody = checkBody.extend({ map_id: z.number().int().positive() }).strict();
export const exportItemsBody = z.object({ items: z.array(startBody).min(1).max(20) }).strict();

export const exportCounts = z.object({
  projectCount: z.number(),
  currentCount: z.number(),
  allCount: z.number(),
  withDatasetCount: z.number(),
});
export type ExportCounts = z.infer<typeof exportCounts>;

/** An export row's status, as stored and as sent: made in the background, ready, failed after its retries, past its download days. */
export const exportStatus = { inProgress: 1, ready: 2, failed: 3, expired: 4 } as const;
export type ExportStatus = (typeof exportStatus)[keyof typeof exportStatus];
const exportStatusValue = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const exportRecord = z.object({
  id: z.number(),
  status: exportStatusValue,
  status_text: z.string(),
  created_at: z.string(),
  filename: z.string().nullable(),
  format: z.string(),
  path: z.string(),
  count: z.number(),
  progress: z.number(),
  url: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof exportRecord>;

export const statusText: Record<number, string> = {
  1: 'In progress',
  2: 'Download available',
  3: 'Could not be completed',
  4: 'Expired',
};

export const warningCode = z.enum([
  'county-price',
  'multi-county',
  'empty',
  'public-sources',
  'over-limit',
  'focus-too-large',
  'minimum',
]);
export type WarningCode = z.infer<typeof warningCode>;

/** A warning's link (the Data Store when an export is too large for the export tool): the viewer renders it after the message. */
export const warningLink = z.object({ label: z.string(), href: z.string() });
export const exportWarning = z.object({ code: warningCode, message: z.string(), link: warningLink.optional() });
export type ExportWarning = z.infer<typeof exportWarning>;

/** The price of an export and what the viewer may do with it (the server computes it in exports/pricing.ts). */
export const quote = z.object({
  requested: z.number(),
  /** Free csv rows this export uses from the month's allowance. */
  free_applied: z.number(),
  billable: z.number(),
  cents_per_record: z.number(),
  price_cents: z.number(),
  /** Rows left in the allowance before this export. */
  remaining: z.number(),
  /** csv within the free allowance: downloaded straight away instead of bought. */
  free_download: z.boolean(),
  warnings: z.array(exportWarning),
  can_add_to_cart: z.boolean(),
  can_download: z.boolean(),
});
export type Quote = z.infer<typeof quote>;

/** GET {project}/exports.json: the project's exports and the month's free download allowance. */
export const projectExportsAnswer = z.object({
  exports: z.array(exportRecord),
  show_history: z.boolean(),
  downloaded_parcel_history: z.array(z.object({ date: z.string(), successful: z.number(), attempted: z.number() })),
  downloaded_parcels_sum: z.number(),
  downloaded_parcels_remaining: z.number(),
});

/** GET /profile/exports.json: the caller's exports, with the order of a bought one. */
export const profileExportsAnswer = z.object({
  exports: z.array(
    exportRecord.extend({ order_id: z.number().nullable(), kind: z.string(), product: z.string().nullable() }),
  ),
});

export type ProjectExportsAnswer = z.infer<typeof projectExportsAnswer>;
export type ProfileExportsAnswer = z.infer<typeof profileExportsAnswer>;
