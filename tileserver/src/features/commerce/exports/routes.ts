// The export tab's calls: counts (blexts.json), the check with limits and warnings, the start of a
// free csv download (a pg-boss job writes the file), a project's export records with the group's free
// download history, the signed per-user download (410 and the file deleted after 30 days), and retry.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { requireSession, type CallerResolver } from '../../../auth/caller.ts';
import { systemClock, type Clock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import { transaction, type Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { bodyLimit, requestBody } from '../../../http/request-body.ts';
import type { EnqueueExport } from './export-job.ts';
import { readableProject, readableProjectById } from '../../workspace/projects/service.ts';
import { freeRowsLeft, lockAllowance, monthlyAllowance } from './allowance.ts';
import { exportCoverage } from './coverage.ts';
import { removeExportFile } from './make-file.ts';
import { assertMayExport, mayExport, mayUseExport } from './policy.ts';
import { pricing, reviewLabel, managersOnlyText } from './pricing.ts';
import {
  countDatasets,
  countSelection,
  downloadHistory,
  exportById,
  exportsOfProject,
  exportsOfUser,
  insertExport,
  markDownloaded,
  placeHeadline,
  restartExport,
  setExportStatus,
  type ExportRow,
} from './queries.ts';
import {
  checkBody,
  countsBody,
  exportStatus,
  startBody,
  statusText,
  type ExportCounts,
  type ExportRecord,
} from '@parcel-map/contracts/commerce/exports';
import {
  assertDatasetArea,
  assertDatasetRows,
  checkExport,
  monthStart,
  ownerOf,
  remainingFreeRows,
  selectionOf,
} from './service.ts';

export interface ExportDeps {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  clock?: Clock;
  /** Enqueues an export's job (in the given transaction); undefined in a process without the job queue. */
  enqueueExport?: EnqueueExport;
}

const day = 24 * 3600 * 1000;
const overAllowanceText = 'This export is over your free allowance: add it to the cart.';
export const downloadUrl = (row: Pick<ExportRow, 'id' | 'token'>) => `/exports/${row.id}/download?t=${row.token}`;

export function exportRecord(row: ExportRow): ExportRecord {
  return {
    id: row.id,
    status: row.status,
    status_text: statusText[row.status]!,
    created_at: row.created_at.toISOString(),
    filename: row.filename,
    format: row.format,
    path: row.path,
    count: row.requested,
    progress: row.progress,
    url: row.status === exportStatus.ready || row.status === exportStatus.inProgress ? downloadUrl(row) : null,
  };
}

const progressPage = (
  row: ExportRow,
) => `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<meta name="viewport" content="width=device-width"><title>Preparing your export</title></head>
<body style="font-family:sans-serif;margin:2rem"><h1>Preparing your export</h1>
<p>${row.requested.toLocaleString('en-US')} parcels, ${row.format.toUpperCase()}: <progress max="100" value="${row.progress}"></progress> ${row.progress}%</p>
<p>The download starts by itself when the file is ready. It stays available for ${pricing.download_days} days under <a href="/profile/orders">your orders</a>.</p></body></html>`;

/** The routes' dependencies with the clock settled. */
type Ctx = ExportDeps & { now: Clock };

/** The caller (signed in) and the project of the URL they may read, or 404. */
async function projectOf(c: Context, deps: Ctx) {
  const caller = await deps.callers.of(c);
  requireSession(caller);
  return { caller, project: await readableProject(deps.sql, caller, c.req.param('group')!, c.req.param('slug')!) };
}

/** The owner's export or 404 (another user's link, a wrong token, no session). */
async function ownExport(c: Context, deps: Ctx) {
  const caller = await deps.callers.of(c);
  const id = Number(c.req.param('id'));
  const row = Number.isSafeInteger(id) ? await exportById(deps.sql, id) : undefined;
  if (!row || !mayUseExport(caller, row)) throw new ApiError('NOT_FOUND', 'No such export');
  return { caller, row };
}

async function counts(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const { caller, project: p } = await projectOf(c, deps);
  const body = await requestBody(c, countsBody);
  const projectQuery = { path: p.root_path, parcel: p.filters, datasets: {} };
  const current = body.query ?? projectQuery;
  const [projectSel, currentSel, allSel] = await Promise.all([
    selectionOf(sql, caller, projectQuery, false),
    selectionOf(sql, caller, current, false),
    selectionOf(sql, caller, current, true),
  ]);
  await assertDatasetArea(sql, deps.config, currentSel.definition);
  const [projectCount, currentCount, allCount, datasetCounts] = await Promise.all([
    countSelection(sql, projectSel.definition),
    currentSel.pickedCount ?? countSelection(sql, currentSel.definition),
    countSelection(sql, allSel.definition),
    countDatasets(sql, currentSel.definition),
  ]);
  assertDatasetRows(
    deps.config,
    (currentSel.definition.datasets ?? []).map((t, i) => ({ name: t.name, count: datasetCounts[i] ?? 0 })),
  );
  // The rows of the whole file set: the selected parcels and every dataset table's features.
  const withDatasetCount = currentCount + datasetCounts.reduce((sum, n) => sum + n, 0);
  return c.json({ projectCount, currentCount, allCount, withDatasetCount } satisfies ExportCounts, 200, {
    'Cache-Control': 'no-store',
  });
}

async function check(c: Context, deps: Ctx): Promise<Response> {
  const { caller } = await projectOf(c, deps);
  const body = await requestBody(c, checkBody);
  const checked = await checkExport(deps.sql, deps.config, caller, body, deps.now());
  const q = checked.quote;
  const manager = mayExport(caller);
  return c.json(
    {
      count: checked.count,
      datasets: checked.datasets,
      limits: {
        price: q.price_cents,
        remaining: q.remaining,
        requested: q.requested,
        monthly: monthlyAllowance(deps.config, ownerOf(caller).tier),
      },
      quote: { ...q, can_add_to_cart: q.can_add_to_cart && manager, can_download: q.can_download && manager },
      warnings: q.warnings,
      review_label: reviewLabel(q),
      is_manager: manager,
      manager_message: manager ? null : managersOnlyText,
    },
    200,
    { 'Cache-Control': 'no-store' },
  );
}

async function coverage(c: Context, deps: Ctx): Promise<Response> {
  const { caller } = await projectOf(c, deps);
  const body = await requestBody(c, checkBody);
  const { definition } = await selectionOf(deps.sql, caller, body.query, body.all_parcels);
  const place = await placeHeadline(deps.sql, body.query.path);
  const covered = await exportCoverage(deps.sql, definition, caller.level === 'anonymous' ? 'free' : caller.level);
  return c.json(
    {
      ...covered,
      verse_record: { headline: place?.headline ?? body.query.path },
      county: { admin1: place?.admin1 ?? null },
    },
    200,
    { 'Cache-Control': 'no-store' },
  );
}

/** The current place is the URL's path; the project (map_id) scopes who may export. */
async function start(c: Context, deps: Ctx): Promise<Response> {
  const { sql, config } = deps;
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const body = await requestBody(c, startBody);
  const p = await readableProjectById(sql, caller, body.map_id);
  assertMayExport(caller);
  const place = `/${c.req.param('place')}`;
  if (!/^\/[a-z]{2}(\/[a-z0-9-]+)*$/.test(place)) throw new ApiError('NOT_FOUND', 'No such place');
  const query = { ...body.query, path: place };
  const checked = await checkExport(sql, config, caller, { ...body, query }, deps.now());
  if (!checked.quote.can_download) {
    throw new ApiError(
      'PAYMENT_REQUIRED',
      checked.quote.free_download ? 'This export cannot be downloaded' : overAllowanceText,
      { warnings: checked.quote.warnings, cart_url: '/orders/cart' },
    );
  }
  if (!deps.enqueueExport) throw new ApiError('UNAVAILABLE', 'Exports are not available in this process');
  const created = deps.now();
  const token = randomBytes(24).toString('base64url');
  const enqueue = deps.enqueueExport;
  // The row and its job in one transaction: a kill between them would leave an export in progress forever.
  // The allowance is counted again under the account's lock, so parallel starts cannot each spend it.
  const id = await transaction(sql, async (db) => {
    await lockAllowance(db, ownerOf(caller));
    if (checked.count > (await freeRowsLeft(db, config, ownerOf(caller), created))) {
      throw new ApiError('PAYMENT_REQUIRED', overAllowanceText, {
        warnings: checked.quote.warnings,
        cart_url: '/orders/cart',
      });
    }
    const made = await insertExport(db, {
      groupId: caller.group?.id ?? null,
      userId: caller.user.id,
      projectId: p.id,
      orderId: null,
      kind: 'export',
      path: query.path,
      format: body.fmt,
      product: null,
      level: caller.level,
      definition: checked.definition,
      requested: checked.count,
      freeRows: checked.count,
      priceCents: 0,
      token,
      createdAt: created,
      expiresAt: new Date(created.getTime() + pricing.download_days * day),
    });
    await enqueue(made, c.get('requestId'), db);
    return made;
  });
  return c.json({ id, url: downloadUrl({ id, token }), status: exportStatus.inProgress }, 201);
}

async function projectExports(c: Context, deps: Ctx): Promise<Response> {
  const { sql, config } = deps;
  const { caller, project: p } = await projectOf(c, deps);
  const t = deps.now();
  const rows = await exportsOfProject(
    sql,
    p.id,
    caller.user!.id,
    new Date(t.getTime() - pricing.in_progress_hours * 3600 * 1000),
  );
  const history = await downloadHistory(sql, ownerOf(caller), monthStart(t));
  return c.json(
    {
      exports: rows.map(exportRecord),
      show_history: rows.some((r) => r.status === exportStatus.ready || r.status === exportStatus.expired),
      downloaded_parcel_history: history,
      downloaded_parcels_sum: history.reduce((sum, h) => sum + h.successful, 0),
      downloaded_parcels_remaining: await remainingFreeRows(sql, config, caller, t),
    },
    200,
    { 'Cache-Control': 'no-store' },
  );
}

async function userExports(c: Context, deps: Ctx): Promise<Response> {
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const rows = await exportsOfUser(
    deps.sql,
    caller.user.id,
    new Date(deps.now().getTime() - pricing.in_progress_hours * 3600 * 1000),
  );
  return c.json(
    { exports: rows.map((r) => ({ ...exportRecord(r), order_id: r.order_id, kind: r.kind, product: r.product })) },
    200,
    { 'Cache-Control': 'no-store' },
  );
}

async function download(c: Context, deps: Ctx): Promise<Response> {
  const { sql, config } = deps;
  const { row: found } = await ownExport(c, deps);
  if (c.req.query('t') !== found.token) throw new ApiError('NOT_FOUND', 'No such export');
  let row = found;
  if (deps.now() >= row.expires_at) {
    if (row.status !== exportStatus.expired) {
      removeExportFile(config.DATA_DIR, row.filename);
      await setExportStatus(sql, row.id, { status: exportStatus.expired, filename: null });
    }
    throw new ApiError(
      'GONE',
      `This download expired ${pricing.download_days} days after it was made. Export the parcels again.`,
    );
  }
  // A quick export is usually done within a few seconds: wait for it rather than show the progress page.
  for (let waited = 0; row.status === exportStatus.inProgress && waited < 8000; waited += 250) {
    await new Promise((r) => setTimeout(r, 250));
    row = (await exportById(sql, row.id))!;
  }
  if (row.status === exportStatus.inProgress) return c.html(progressPage(row), 202, { 'Cache-Control': 'no-store' });
  if (row.status === exportStatus.failed)
    throw new ApiError('CONFLICT', 'Could not be completed', { retry_url: `/exports/${row.id}/retry.json` });
  const file = join(config.DATA_DIR, 'exports', row.filename ?? '');
  if (!row.filename || !existsSync(file)) throw new ApiError('GONE', 'This download is no longer available');
  await markDownloaded(sql, row.id, deps.now());
  const type =
    row.filename.endsWith('.zip') && !row.filename.endsWith('.shp.zip')
      ? 'application/zip'
      : row.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : row.format === 'geojson'
          ? 'application/geo+json'
          : row.format === 'kml'
            ? 'application/vnd.google-earth.kml+xml'
            : row.format === 'mbtiles'
              ? 'application/vnd.sqlite3'
              : row.format === 'pmtiles'
                ? 'application/vnd.pmtiles'
                : 'application/octet-stream';
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(statSync(file).size),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': `attachment; filename="${row.filename.replace(/\.shp\.zip$/, '.zip')}"`,
    },
  });
}

async function retry(c: Context, deps: Ctx): Promise<Response> {
  const { row } = await ownExport(c, deps);
  if (row.status !== exportStatus.failed)
    throw new ApiError('CONFLICT', 'Only an export that could not be completed can be retried');
  if (!deps.enqueueExport) throw new ApiError('UNAVAILABLE', 'Exports are not available in this process');
  const enqueue = deps.enqueueExport;
  await transaction(deps.sql, async (tx) => {
    await restartExport(tx, row.id);
    await enqueue(row.id, c.get('requestId'), tx);
  });
  return c.json({ id: row.id, status: exportStatus.inProgress, url: downloadUrl(row) });
}

/** A query may name up to 5,000 hand-picked parcel paths (about 250 KB): more room than the default body. */
export const selectionBody = () => bodyLimit(512 * 1024);

export function exportRoutes(deps: ExportDeps): Hono {
  const app = new Hono();
  const ctx: Ctx = { ...deps, now: deps.clock ?? systemClock };
  app.post('/g/:group/maps/:slug/blexts.json', selectionBody(), (c) => counts(c, ctx));
  app.post('/g/:group/maps/:slug/exports/check', selectionBody(), (c) => check(c, ctx));
  app.post('/g/:group/maps/:slug/exports/coverage.json', selectionBody(), (c) => coverage(c, ctx));
  app.post('/:place{.+}/exports/start.json', selectionBody(), (c) => start(c, ctx));
  app.get('/g/:group/maps/:slug/exports.json', (c) => projectExports(c, ctx));
  app.get('/profile/exports.json', (c) => userExports(c, ctx));
  app.get('/exports/:id{[0-9]+}/download', (c) => download(c, ctx));
  app.post('/exports/:id{[0-9]+}/retry.json', (c) => retry(c, ctx));
  return app;
}
