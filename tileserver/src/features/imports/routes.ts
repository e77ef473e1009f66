// The admin API of imports (issue 16): the running and recent imports with progress, report and
// errors; a parcel file upload streamed to disk under a size limit; starting an import of an upload
// (with a mapping, or a proposed one) that runs in this process while the page polls.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { CallerResolver } from '../../auth/caller.ts';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { requestBody } from '../../http/request-body.ts';
import type { Logger } from '../../logger.ts';
import { requireAdmin } from '../admin/policy.ts';
import { createImport, importById, recentImports } from './queries.ts';
import { runImport } from './runner.ts';
import { startImportBody } from './schema.ts';

const uploadName = z.string().min(1).max(200);
const idParam = z.coerce.number().int().positive().max(2 ** 31 - 1);

export interface ImportRouteDeps {
  config: Config;
  sql: Sql;
  logger: Logger;
  callers: CallerResolver;
  /** The database URL ogr2ogr writes to; without it imports cannot start here. */
  databaseUrl?: string;
}

/** Where uploads go: DATA_DIR/imports, beside the local cluster. */
export const uploadDir = (config: Config) => resolve(config.DATA_DIR, 'imports');

export function importRoutes(deps: ImportRouteDeps): Hono {
  const app = new Hono();
  const admin = async (c: Context) => {
    const caller = await deps.callers.of(c);
    requireAdmin(caller);
    return caller;
  };

  app.get('/admin/imports_exports/running.json', async (c) => {
    await admin(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ imports: await recentImports(deps.sql), exports: [] });
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
    const parsed = uploadName.safeParse(c.req.query('name'));
    if (!parsed.success) throw new ApiError('BAD_REQUEST', 'Give the file name as ?name=', { parameter: 'name' });
    const limit = deps.config.IMPORT_UPLOAD_MAX_MB * 1024 * 1024;
    if (Number(c.req.header('content-length') ?? 0) > limit) throw new ApiError('PAYLOAD_TOO_LARGE', `Uploads are limited to ${deps.config.IMPORT_UPLOAD_MAX_MB} MB`);
    const body = c.req.raw.body;
    if (!body) throw new ApiError('BAD_REQUEST', 'The request has no file in its body');
    // Only the extension and safe characters of the client's name are kept: GDAL picks drivers by it.
    const safe = parsed.data.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-120) || 'upload';
    const name = `${randomBytes(8).toString('hex')}-${safe}`;
    await mkdir(uploadDir(deps.config), { recursive: true });
    const path = join(uploadDir(deps.config), name);
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(bytes > limit ? new ApiError('PAYLOAD_TOO_LARGE', `Uploads are limited to ${deps.config.IMPORT_UPLOAD_MAX_MB} MB`) : null, chunk);
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

  app.post('/admin/imports', async (c) => {
    const caller = await admin(c);
    const body = await requestBody(c, startImportBody, { maxBytes: 1024 * 1024 });
    if (!deps.databaseUrl) throw new ApiError('UNAVAILABLE', 'Imports cannot start in this process (no database URL)');
    const file = join(uploadDir(deps.config), body.upload);
    if (!existsSync(file)) throw new ApiError('NOT_FOUND', 'No such upload');
    let mappingFile: string | undefined;
    if (body.mapping) {
      mappingFile = `${file}.mapping.json`;
      await writeFile(mappingFile, JSON.stringify(body.mapping, null, 2));
    }
    const run = await createImport(deps.sql, {
      place: body.place, file: body.upload, source: `import:${body.place}`, dryRun: body.dry_run, replace: body.replace,
      mapping: body.mapping, startedBy: caller.user?.id ?? null,
    });
    // Not awaited: the page polls the run; runImport records its own failure. Its log lines carry the
    // request id of the request that started it.
    void runImport(deps.databaseUrl, deps.sql, deps.logger.child({ requestId: c.get('requestId') }), {
      id: run.id, file, place: body.place, mappingFile, dryRun: body.dry_run, replace: body.replace, srs: body.srs,
    });
    return c.json(run, 202);
  });

  return app;
}
