// SQL of the imports feature: the parcel_imports rows the admin page lists and the runner updates.
import type { Sql } from '../../db/client.ts';
import type { ImportRun } from './schema.ts';

const columns = (sql: Sql) => sql`id::int, 'import' AS kind, place, file, status, dry_run, replace, progress, report, error,
  created_at, started_at, finished_at`;

export async function recentImports(sql: Sql, limit = 50): Promise<ImportRun[]> {
  return sql<ImportRun[]>`SELECT ${columns(sql)} FROM parcel_imports ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

export async function importById(sql: Sql, id: number): Promise<ImportRun | undefined> {
  const [row] = await sql<ImportRun[]>`SELECT ${columns(sql)} FROM parcel_imports WHERE id = ${id}`;
  return row;
}

export async function createImport(
  sql: Sql,
  run: { place: string; file: string; source: string; dryRun: boolean; replace: boolean; mapping: unknown; startedBy: number | null },
): Promise<ImportRun> {
  const [row] = await sql<ImportRun[]>`
    INSERT INTO parcel_imports (place, file, source, dry_run, replace, mapping, started_by)
    VALUES (${run.place}, ${run.file}, ${run.source}, ${run.dryRun}, ${run.replace}, ${run.mapping === undefined ? null : sql.json(run.mapping as never)}, ${run.startedBy})
    RETURNING ${columns(sql)}`;
  return row!;
}

export async function markRunning(sql: Sql, id: number): Promise<void> {
  await sql`UPDATE parcel_imports SET status = 'running', started_at = now() WHERE id = ${id}`;
}

export async function saveProgress(sql: Sql, id: number, progress: object): Promise<void> {
  await sql`UPDATE parcel_imports SET progress = ${sql.json(progress as never)} WHERE id = ${id}`;
}

export async function finishImport(sql: Sql, id: number, outcome: { report: object } | { error: string }): Promise<void> {
  if ('report' in outcome) {
    await sql`UPDATE parcel_imports SET status = 'done', report = ${sql.json(outcome.report as never)}, finished_at = now() WHERE id = ${id}`;
  } else {
    await sql`UPDATE parcel_imports SET status = 'failed', error = ${outcome.error}, finished_at = now() WHERE id = ${id}`;
  }
}
