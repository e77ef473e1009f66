// Request and answer shapes of exports and the cart (shared with the viewer: no server-only imports).
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

export const exportFormats = ['csv', 'shp', 'kml', 'geojson', 'gpkg', 'sql'] as const;
export type ExportFormat = (typeof exportFormats)[number];

const placePath = boundedString(300).trim().regex(/^\/[a-z]{2}(\/[a-z0-9-]+)*$/, 'A place path looks like /us/ma/middlesex/cambridge');
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** The export query: a place path, parcel filters (field to values or a range), an optional focus area, dataset filters keyed by source id. */
export const exportQuery = z
  .object({
    path: placePath,
    parcel: z.record(boundedString(80), z.unknown()).default({}),
    focus_area_id: z.number().int().positive().optional(),
    datasets: z.record(boundedString(80), z.unknown()).default({}),
    operation: boundedString(40).optional(),
    sourceId: boundedString(80).optional(),
  })
  .strict();
export type ExportQuery = z.output<typeof exportQuery>;

export const countsBody = z.object({ query: exportQuery.optional() }).strict();
export const checkBody = z.object({ fmt: z.enum(exportFormats).default('csv'), all_parcels: flag.default(false), query: exportQuery }).strict();
export const startBody = checkBody.extend({ map_id: z.number().int().positive() }).strict();
export const exportItemsBody = z.object({ items: z.array(startBody).min(1).max(20) }).strict();

export interface ExportCounts {
  projectCount: number;
  currentCount: number;
  allCount: number;
  withDatasetCount: number;
}

/** An export row's status, as stored and as sent: made in the background, ready, failed after its retries, past its download days. */
export const exportStatus = { inProgress: 1, ready: 2, failed: 3, expired: 4 } as const;
export type ExportStatus = (typeof exportStatus)[keyof typeof exportStatus];

export interface ExportRecord {
  id: number;
  status: ExportStatus;
  status_text: string;
  created_at: string;
  filename: string | null;
  format: string;
  path: string;
  count: number;
  progress: number;
  url: string | null;
}

export const statusText: Record<number, string> = { 1: 'In progress', 2: 'Download available', 3: 'Could not be completed', 4: 'Expired' };

export type WarningCode = 'county-price' | 'multi-county' | 'empty' | 'public-sources' | 'over-limit' | 'focus-too-large' | 'minimum';

export interface ExportWarning {
  code: WarningCode;
  message: string;
}

/** The price of an export and what the viewer may do with it (the server computes it in exports/pricing.ts). */
export interface Quote {
  requested: number;
  /** Free csv rows this export uses from the month's allowance. */
  free_applied: number;
  billable: number;
  cents_per_record: number;
  price_cents: number;
  /** Rows left in the allowance before this export. */
  remaining: number;
  /** csv within the free allowance: downloaded straight away instead of bought. */
  free_download: boolean;
  warnings: ExportWarning[];
  can_add_to_cart: boolean;
  can_download: boolean;
}
