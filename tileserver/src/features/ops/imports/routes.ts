// The admin API of imports: the running and recent imports with progress, report and
// errors; a parcel file upload streamed to disk under a size limit; starting an import of an upload
// (with a mapping, or a proposed one) as a job of the import queue (features/ops/imports/import-job.ts) while the page
// polls; one import per place is queued or running at a time. The page lists exports too.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hono, type Context } from 'hono';
import { resolvePlace, UnknownPlaceError } from '@parcel-map/tileserver/features/ops/imports/pipeline/normalise';
import { ImportInputError } from '@parcel-map/tileserver/features/ops/imports/pipeline/ogr';
import { z } from 'zod';
import { boundedString } from '@parcel-map/contracts/bounded-string';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { bodyLimit, requestBody } from '../../../http/request-body.ts';
import { allowSlowBody } from '../../../http/body-deadline.ts';
import type { Logger } from '../../../logger.ts';
import { adminExportRuns } from './export-runs.ts';
import { assertMayManageImports } from './policy.ts';
import { activeImportOf, createImport, importById, recentImports } from './queries.ts';
import { uploadDirOf } from './runner.ts';
import { startImportBody, type ImportsExportsAnswer } from '@parcel-map/contracts/ops/imports';

const uploadName = boundedString(200).min(1);
const idParam = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export interface ImportRouteDeps {
  config: Config;
  sql: Sql;
  logger: Logger;
  callers: CallerResolver;
  /**
   * Sends an import row to the job queue (without a queue imports cannot start here), inside `tx`,
   * the transaction that writes the row; the request id travels with the job into its log lines.
   */
  enqueueImport?: (id: number, requestId: string | undefined, tx: Sql) => Promise<void>;
  /** The queue enqueueImport sends to, kept on the row for a run queued again after a restart. */
  importQueue: string;
}

/** Where uploads go: DATA_DIR/imports, beside the local cluster (workers read them there). */
export const uploadDir = (config: Config) => uploadDirOf(config.DATA_DIR);

export function importRoutes(deps: ImportRouteDeps): Hono {
  const app = new Hono();
  const admin = async (c: Context) => {
    const caller = await deps.callers.of(c);
    assertMayManageImports(caller);
    return caller;
  };

  app.get('/admin/imports_exports/running.json', async (c) => {
    await admin(c);
    c.header('Cache-Control', 'no-store');
    const answer: ImportsExportsAnswer = {
      imports: await recentImports(deps.sql),
      exports: await adminExportRuns(deps.sql),
    };
    return c.json(answer);
  });

  app.get('/admin/imports/:id{[0-9]+}', async (c) => {
    await admin(c);
    const run = await importById(deps.sql, idParam.parse(c.req.param('id')));
    if (!run) throw new ApiError('NOT_FOUND', 'No such import');
    return c.json(run);
  });

  // The body is the file itself (any type), streamed to disk and cut off at IMPORT_UPLOAD_MAX_MB.
  app.post('/admin/imports/uploads', async (c) => {
    await admin(c);
    // Streamed to disk here, not read ahead (the path is not behind the app gate): an admin's large
    // file gets the upload time.
    allowSlowBody(c);
    const parsed = uploadName.safeParse(c.req.query('name'));
    if (!parsed.success) throw new ApiError('BAD_REQUEST', 'Give the file name as ?name=', { parameter: 'name' });
    const limit = deps.config.IMPORT_UPLOAD_MAX_MB * 1024 * 1024;
    if (Number(c.req.header('content-length') ?? 0) > limit)
      throw new ApiError('PAYLOAD_TOO_LARGE', `Uploads are limited to ${deps.config.IMPORT_UPLOAD_MAX_MB} MB`);
    const body = c.req.raw.body;
    if (!body) throw new ApiError('BAD_REQUEST', 'The request has no file in its body');
    // Only the extension and safe characters of the client's name are kept: GDAL picks drivers by it.
    const safe =
      parsed.data
        .replace(/[^A-Za-z0-9._-]+/g, '_')
        .replace(/^[._]+/, '')
        .slice(-120) || 'upload';
    const name = `${randomBytes(8).toString('hex')}-${safe}`;
    await mkdir(uploadDir(deps.config), { recursive: true });
    const path = join(uploadDir(deps.config), name);
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(
          bytes > limit
            ? new ApiError('PAYLOAD_TOO_LARGE', `Uploads are limited to ${deps.config.IMPORT_UPLOAD_MAX_MB} MB`)
            : null,
          chunk,
        );
      },
    });
    try {
      await pipeline(Readable.fromWeb(body as never), meter, createWriteStream(path, { mode: 0o600 }));
    } catch (error) {
      await rm(path, { force: true });
      throw error instanceof ApiError ? error : new ApiError('BAD_REQUEST', 'The upload did not complete');
    }
    return c.json({ upload: name, bytes }, 201);
  });

  app.post('/admin/imports', bodyLimit(1024 * 1024), async (c) => {
    const caller = await admin(c);
    const body = await requestBody(c, startImportBody);
    if (!deps.enqueueImport) throw new ApiError('UNAVAILABLE', 'Imports cannot start in this process (no job queue)');
    const file = join(uploadDir(deps.config), body.upload);
    if (!existsSync(file)) throw new ApiError('NOT_FOUND', 'No such upload');
    await knownPlace(deps.sql, body.place);
    const active = await activeImportOf(deps.sql, body.place);
    if (active) throw busy(body.place, active.id);
    const enqueue = deps.enqueueImport;
    let run;
    try {
      // The row and its job in one transaction: a row without a job would hold its place ("queued",
      // 409 to every new start) until some worker restarted and sent the queued rows again.
      run = await deps.sql.begin(async (tx) => {
        const row = await createImport(tx as unknown as Sql, {
          place: body.place,
          file: body.upload,
          source: `import:${body.place}`,
          dryRun: body.dry_run,
          replace: body.replace,
          mapping: body.mapping,
          srs: body.srs,
          layer: body.layer,
          queue: deps.importQueue,
          startedBy: caller.user?.id ?? null,
        });
        await enqueue(row.id, c.get('requestId'), tx as unknown as Sql);
        return row;
      });
    } catch (error) {
      // Two starts at once: the partial unique index lets one in.
      if ((error as { code?: string }).code === '23505') throw busy(body.place, null);
      throw error;
    }
    return c.json(run, 202);
  });

  return app;
}

/**
 * The place is checked before a run is queued, as the command does: an unknown county answers 400
 * naming the closest existing places (details.suggestions), which the page offers to use.
 */
async function knownPlace(sql: Sql, place: string): Promise<void> {
  try {
    await resolvePlace(sql, place);
  } catch (error) {
    if (error instanceof UnknownPlaceError)
      throw new ApiError('BAD_REQUEST', error.message, { suggestions: error.suggestions });
    if (error instanceof ImportInputError) throw new ApiError('BAD_REQUEST', error.message);
    throw error;
  }
}

const busy = (place: string, id: number | null) =>
  new ApiError(
    'CONFLICT',
    `An import of ${place} is already queued or running${id ? ` (import ${id})` : ''}: wait for it to finish`,
    { import: id },
  );
