// The export tab's calls (spec section 7); shapes from the server's schema files.
import { getJson, sendJson } from '../../api/client.ts';
import type {
  ExportCounts,
  ExportFormat,
  ExportRecord,
  ExportWarning,
  Quote,
} from '@parcel-map/contracts/commerce/exports';
import type { CartAnswer } from '@parcel-map/contracts/commerce/store';

export type { ExportCounts, ExportFormat, ExportRecord, ExportWarning, Quote };

export interface ExportQueryBody {
  path: string;
  parcel: Record<string, unknown>;
  focus_area_id?: number;
  /** Hand-picked parcel paths: exactly these are exported. */
  parcels?: string[];
  /** Datasets exported beside the parcels, keyed source:<id> or layer:<id>. */
  datasets?: Record<string, Record<string, never>>;
}

export interface CheckAnswer {
  count: number;
  /** Each chosen dataset's table and its features in the selection (free, not in the count). */
  datasets?: { name: string; count: number }[];
  limits: { price: number; remaining: number; requested: number; monthly: number };
  quote: Quote;
  warnings: ExportWarning[];
  review_label: string;
  is_manager: boolean;
  manager_message: string | null;
}

export interface CoverageAnswer {
  path: string;
  sampled: number;
  verse_record: { headline: string };
  county: { admin1: string | null };
  coverage_fields: { name: string; percent: number }[];
  top_fields: { name: string; percent: number }[];
  schema: Record<string, string>;
}

export interface HistoryAnswer {
  exports: ExportRecord[];
  show_history: boolean;
  downloaded_parcel_history: { date: string; successful: number; attempted: number }[];
  downloaded_parcels_sum: number;
  downloaded_parcels_remaining: number;
}

export const loadCounts = (project: string, query: ExportQueryBody) =>
  sendJson<ExportCounts>('POST', `${project}/blexts.json`, { query });
export const checkExport = (project: string, fmt: ExportFormat, query: ExportQueryBody) =>
  sendJson<CheckAnswer>('POST', `${project}/exports/check`, { fmt, all_parcels: 'false', query });
export const loadCoverage = (project: string, fmt: ExportFormat, query: ExportQueryBody) =>
  sendJson<CoverageAnswer>('POST', `${project}/exports/coverage.json`, { fmt, query });
export const loadHistory = (project: string) => getJson<HistoryAnswer>(`${project}/exports.json`);
export const startExport = (mapId: number, fmt: ExportFormat, query: ExportQueryBody) =>
  sendJson<{ id: number; url: string }>('POST', `${query.path}/exports/start.json`, {
    fmt,
    all_parcels: 'false',
    map_id: mapId,
    query,
  });
export const addExportToCart = (mapId: number, fmt: ExportFormat, query: ExportQueryBody) =>
  sendJson<CartAnswer & { url: string }>('POST', '/orders/cart/add_export_items.json', {
    items: [{ fmt, all_parcels: 'false', map_id: mapId, query }],
  });
