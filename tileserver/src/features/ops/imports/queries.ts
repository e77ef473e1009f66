// SQL of the imports feature: the parcel_imports rows the admin page lists and the import job (or the
// `npm run import` command) claims, updates and, after a dead worker, queues again or fails.
import type { Sql } from '../../../db/client.ts';
import type { ImportRun } from '@parcel-map/contracts/ops/imports';

const columns = (
  sql: Sql,
) => sql`id::int, 'import' AS kind, place, file, status, dry_run, replace, progress, report, error,
  attempts, started_from, created_at, started_at, finished_at`;

/** The row the worker needs: what to import, how, and which attempt this is. */
export interface ImportJobRow {
  id: number;
  place: string;
  file: string;
  dry_run: boolean;
  replace: boolean;
  mapping: Record<string, unknown> | null;
  srs: string | null;
  layer: string | null;
  attempts: number;
}

/**
 * The advisory lock a worker holds on its own connection while it runs import `id`: PostgreSQL drops
 * it when that connection ends, so a "running" row without it belongs to a process that died.
 */
export const importLockClass = 727100017;

export async function recentImports(sql: Sql, limit = 50): Promise<ImportRun[]> {
  return sql<ImportRun[]>`SELECT ${columns(sql)} FROM parcel_imports ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

export async function importById(sql: Sql, id: number): Promise<ImportRun | undefined> {
  const [row] = await sql<ImportRun[]>`SELECT ${columns(sql)} FROM parcel_imports WHERE id = ${id}`;
  return row;
}

/** The queued or running import of a place, if any (one at a time per place). */
export async function activeImportOf(sql: Sql, place: string): Promise<ImportRun | undefined> {
  const [row] = await sql<
    ImportRun[]
  >`SELECT ${columns(sql)} FROM parcel_imports WHERE place = ${place} AND status IN ('queued', 'running')`;
  return row;
}

export async function createImport(
  sql: Sql,
  run: {
    place: string;
    file: string;
    source: string;
    dryRun: boolean;
    replace: boolean;
    mapping: unknown;
    srs?: string;
    layer?: string;
    queue: string;
    startedBy: number | null;
    startedFrom?: ImportRun['started_from'];
  },
): Promise<ImportRun> {
  const [row] = await sql<ImportRun[]>`
    INSERT INTO parcel_imports (place, file, source, dry_run, replace, mapping, srs, layer, queue, started_by, started_from)
    VALUES (${run.place}, ${run.file}, ${run.source}, ${run.dryRun}, ${run.replace}, ${run.mapping === undefined ? null : sql.json(run.mapping as never)},
      ${run.srs ?? null}, ${run.layer ?? null}, ${run.queue}, ${run.startedBy}, ${run.startedFrom ?? 'admin'})
    RETURNING ${columns(sql)}`;
  return row!;
}

/**
 * Takes a queued import for the worker whose connection `conn` is: the liveness lock first, then the
 * row, so a reaper never sees it running without its lock. Undefined when another job took it or it
 * is no longer queued (a duplicate or late pg-boss job).
 */
export async function claimImport(conn: Sql, id: number): Promise<ImportJobRow | undefined> {
  const [locked] = await conn<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(${importLockClass}, ${id}) AS ok`;
  if (!locked?.ok) return undefined;
  const [row] = await conn<ImportJobRow[]>`
    UPDATE parcel_imports SET status = 'running', started_at = now(), attempts = attempts + 1, error = NULL, progress = '{}'::jsonb
    WHERE id = ${id} AND status = 'queued'
    RETURNING id::int, place, file, dry_run, replace, mapping, srs, layer, attempts`;
  if (!row) await conn`SELECT pg_advisory_unlock(${importLockClass}, ${id})`;
  return row;
}

export async function releaseImport(conn: Sql, id: number): Promise<void> {
  await conn`SELECT pg_advisory_unlock(${importLockClass}, ${id})`;
}

export async function saveProgress(sql: Sql, id: number, progress: object): Promise<void> {
  await sql`UPDATE parcel_imports SET progress = ${sql.json(progress as never)} WHERE id = ${id} AND status = 'running'`;
}

/**
 * The run's outcome. `progress` with a report: the last progress, written with it (a done row takes
 * no more saveProgress). An error never overwrites a run already done: its parcels were committed
 * (what failed came after the commit, like the ANALYZE).
 */
export async function finishImport(
  sql: Sql,
  id: number,
  outcome: { report: object; progress?: object } | { error: string },
): Promise<void> {
  if ('report' in outcome) {
    await sql`UPDATE parcel_imports SET status = 'done', report = ${sql.json(outcome.report as never)},
      progress = COALESCE(${outcome.progress === undefined ? null : sql.json(outcome.progress as never)}, progress), finished_at = now() WHERE id = ${id}`;
  } else {
    await sql`UPDATE parcel_imports SET status = 'failed', error = ${outcome.error}, finished_at = now() WHERE id = ${id} AND status <> 'done'`;
  }
}

/**
 * Running imports whose worker died (no process holds their lock in this database): queued again
 * while attempts remain, else failed with a message that says what happened. A command-line run is
 * failed at once: its file is on the machine that ran the command, no worker can run it again. Each
 * import is one transaction, so an interrupted run changed nothing and running it again is safe.
 * `commandLineOnly`: reap only command-line runs (the command does before it starts, so a run killed
 * with Ctrl-C does not hold its place when no server is up to reap it).
 */
export async function reapInterruptedImports(
  sql: Sql,
  maxAttempts: number,
  options: { commandLineOnly?: boolean } = {},
): Promise<{ requeued: { id: number; queue: string }[]; failed: number[] }> {
  // Queued again: an admin run with attempts left (the same test in each CASE, so they agree).
  const again = sql`(i.started_from = 'admin' AND i.attempts < ${maxAttempts})`;
  const rows = await sql<{ id: number; status: string; queue: string }[]>`
    UPDATE parcel_imports i SET
      status = CASE WHEN ${again} THEN 'queued' ELSE 'failed' END,
      error = CASE WHEN ${again} THEN NULL
        WHEN i.started_from = 'command_line' THEN 'The import command stopped before this import finished. Nothing was changed: the place keeps its previous parcels. Run the command again.'
        ELSE 'The server stopped while this import was running (' || i.attempts || ' attempts). Nothing was changed: the place keeps its previous parcels. Start the import again.' END,
      finished_at = CASE WHEN ${again} THEN NULL ELSE now() END,
      progress = CASE WHEN ${again} THEN jsonb_build_object('phase', 'queued again after a server restart') ELSE i.progress END
    WHERE i.status = 'running' AND (NOT ${options.commandLineOnly ?? false}::boolean OR i.started_from = 'command_line') AND NOT EXISTS (
      SELECT 1 FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = ${importLockClass} AND l.objid = i.id AND l.objsubid = 2)
    RETURNING i.id::int, i.status, i.queue`;
  return {
    requeued: rows.filter((r) => r.status === 'queued').map((r) => ({ id: r.id, queue: r.queue })),
    failed: rows.filter((r) => r.status === 'failed').map((r) => r.id),
  };
}

/** Queued imports of a queue (sent again when a worker starts: a send may have been lost). */
export async function queuedImportIds(sql: Sql, queue: string): Promise<number[]> {
  const rows = await sql<
    { id: number }[]
  >`SELECT id::int FROM parcel_imports WHERE status = 'queued' AND queue = ${queue} ORDER BY id`;
  return rows.map((r) => r.id);
}

const stageTableName = /^run_[0-9a-z]+_[0-9a-f]+$/;

/**
 * Stage tables (import_stage.run_<ms in base 36>_<hex>, made by ogr2ogr for each import) that a killed
 * import left behind: older than `olderThanMs` (no live import runs that long) and locked by nobody.
 */
export async function dropStaleStageTables(sql: Sql, olderThanMs = 24 * 3600_000): Promise<string[]> {
  const tables = await sql<{ name: string; locked: boolean }[]>`
    SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_locks l WHERE l.relation = c.oid) AS locked
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'import_stage' AND c.relkind = 'r'`;
  const cutoff = Date.now() - olderThanMs;
  const dropped: string[] = [];
  for (const { name, locked } of tables) {
    if (locked || !stageTableName.test(name) || !(parseInt(name.split('_')[1]!, 36) < cutoff)) continue;
    // The name matched the pattern above: letters, digits and underscores only.
    await sql.unsafe(`DROP TABLE IF EXISTS import_stage.${name}`);
    dropped.push(name);
  }
  return dropped;
}
