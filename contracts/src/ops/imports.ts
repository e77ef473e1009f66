// Request and answer shapes of the admin imports page (/admin/imports_exports/running), shared with
// the viewer: no server-only imports here.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

export const placePathSchema = boundedString(300)
  .regex(/^\/us\/[a-z]{2}\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'A place path like /us/ma/middlesex or /us/ma/middlesex/somerville');

export const startImportBody = z.strictObject({
  /** The name the upload answered with. */
  upload: boundedString(140).regex(/^[a-f0-9]{16}-[A-Za-z0-9._-]{1,120}$/, 'An upload name from POST /admin/imports/uploads'),
  place: placePathSchema,
  /** Schema field -> source column or expression; omitted: the import proposes one. */
  mapping: z.record(boundedString(100), z.unknown()).optional(),
  dry_run: z.boolean().default(false),
  replace: z.boolean().default(false),
  srs: boundedString(40).regex(/^[A-Za-z]+:[0-9]{1,6}$/, 'Like EPSG:2249').optional(),
  /** The layer of a file with several polygon layers (a GeoPackage, a folder of shapefiles). */
  layer: boundedString(200).min(1).optional(),
});
export type StartImportBody = z.input<typeof startImportBody>;

/** One field of a proposed mapping: the column(s), 0..1 confidence and why (fixtures' propose.ts). */
export interface ProposedMatch {
  field: string;
  columns: string[];
  confidence: number;
  reason: string;
}

export interface ImportProgressShape {
  phase?: string;
  rows?: number;
  total?: number;
  rowsPerSecond?: number;
}

export interface ImportRun {
  id: number;
  kind: 'import';
  place: string;
  file: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  dry_run: boolean;
  replace: boolean;
  progress: ImportProgressShape;
  /** The import report (counts, skip reasons, field fill) once done. */
  report: {
    read: number;
    loaded: number;
    repaired: number;
    skipped: number;
    details?: Record<string, number>;
    warnings?: string[];
    fill?: { field: string; source: string; share: number; unparsed: number; samples: string[] }[];
    /** The proposed mapping's matches, when the import proposed one. */
    proposal?: { matches: ProposedMatch[] } | null;
    unmappedColumns?: string[];
    /** Parcels whose inside point lies outside the place: kept up to limitMeters from it, refused beyond. */
    outside?: { place: string; kept: number; maxMeters: number; refused: number; limitMeters: number } | null;
  } | null;
  error: string | null;
  /** Runs so far: a run a server stop interrupted is queued again once. */
  attempts: number;
  /** The admin page (an upload) or `npm run import` on the server's machine (a file path). */
  started_from: 'admin' | 'command_line';
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** An export or store file as the admin page lists it (features/ops/imports/export-runs.ts). */
export interface ExportRun {
  id: number;
  kind: 'export' | 'store';
  path: string;
  format: string;
  product: string | null;
  user_email: string;
  status: 1 | 2 | 3 | 4;
  status_text: string;
  progress: number;
  requested: number;
  rows_written: number | null;
  attempts: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface ImportsExportsAnswer {
  imports: ImportRun[];
  exports: ExportRun[];
}
