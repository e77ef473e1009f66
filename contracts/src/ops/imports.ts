// Request and answer shapes of the admin imports page (/admin/imports_exports/running), shared with
// the viewer: no server-only imports here.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

export const placePathSchema = boundedString(300).regex(
  /^\/us\/[a-z]{2}\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/,
  'A place path like /us/ma/middlesex or /us/ma/middlesex/somerville',
);

export const startImportBody = z.strictObject({
  /** The name the upload answered with. */
  upload: boundedString(140).regex(
    /^[a-f0-9]{16}-[A-Za-z0-9._-]{1,120}$/,
    'An upload name from POST /admin/imports/uploads',
  ),
  place: placePathSchema,
  /** Schema field -> source column or expression; omitted: the import proposes one. */
  mapping: z.record(boundedString(100), z.unknown()).optional(),
  dry_run: z.boolean().default(false),
  replace: z.boolean().default(false),
  srs: boundedString(40)
    .regex(/^[A-Za-z]+:[0-9]{1,6}$/, 'Like EPSG:2249')
    .optional(),
  /** The layer of a file with several polygon layers (a GeoPackage, a folder of shapefiles). */
  layer: boundedString(200).min(1).optional(),
});
export type StartImportBody = z.input<typeof startImportBody>;

/** One field of a proposed mapping: the column(s), 0..1 confidence and why (fixtures' propose.ts). */
export const proposedMatch = z.object({
  field: z.string(),
  columns: z.array(z.string()),
  confidence: z.number(),
  reason: z.string(),
});
export type ProposedMatch = z.infer<typeof proposedMatch>;

export const importProgressShape = z.object({
  phase: z.string().optional(),
  rows: z.number().optional(),
  total: z.number().optional(),
  rowsPerSecond: z.number().optional(),
});
export type ImportProgressShape = z.infer<typeof importProgressShape>;

export const importRun = z.object({
  id: z.number(),
  kind: z.literal('import'),
  place: z.string(),
  file: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  dry_run: z.boolean(),
  replace: z.boolean(),
  progress: importProgressShape,
  /** The import report (counts, skip reasons, field fill) once done. */
  report: z
    .object({
      read: z.number(),
      loaded: z.number(),
      repaired: z.number(),
      skipped: z.number(),
      details: z.record(z.string(), z.number()).optional(),
      warnings: z.array(z.string()).optional(),
      fill: z
        .array(
          z.object({
            field: z.string(),
            source: z.string(),
            share: z.number(),
            unparsed: z.number(),
            samples: z.array(z.string()),
          }),
        )
        .optional(),
      /** The proposed mapping's matches, when the import proposed one. */
      proposal: z
        .object({ matches: z.array(proposedMatch) })
        .nullable()
        .optional(),
      unmappedColumns: z.array(z.string()).optional(),
      /** Parcels whose inside point lies outside the place: kept up to limitMeters from it, refused beyond. */
      outside: z
        .object({
          place: z.string(),
          kept: z.number(),
          maxMeters: z.number(),
          refused: z.number(),
          limitMeters: z.number(),
        })
        .nullable()
        .optional(),
    })
    .nullable(),
  error: z.string().nullable(),
  /** Runs so far: a run a server stop interrupted is queued again once. */
  attempts: z.number(),
  /** The admin page (an upload) or `npm run import` on the server's machine (a file path). */
  started_from: z.enum(['admin', 'command_line']),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRun>;

/** An export or store file as the admin page lists it (features/ops/imports/export-runs.ts). */
export const exportRun = z.object({
  id: z.number(),
  kind: z.enum(['export', 'store']),
  path: z.string(),
  format: z.string(),
  product: z.string().nullable(),
  user_email: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  status_text: z.string(),
  progress: z.number(),
  requested: z.number(),
  rows_written: z.number().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportRun = z.infer<typeof exportRun>;

export const importsExportsAnswer = z.object({ imports: z.array(importRun), exports: z.array(exportRun) });
export type ImportsExportsAnswer = z.infer<typeof importsExportsAnswer>;
