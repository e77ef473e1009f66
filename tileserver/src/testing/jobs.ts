// Stopping a test's job queue without letting its teardown hang the run. pg-boss's stop waits for
// its workers' cleanups; once in CI (2 cores, ~20 files sharing one database) that wait outlived the
// 180 s hook timeout after every test of the file had passed. A stop that takes longer than this
// prints what the database was doing, so the next one can be diagnosed, and the run goes on.
import type { PgBoss } from 'pg-boss';
import { inject } from 'vitest';
import { createDb } from '../db/client.ts';

const STOP_WAIT_MS = 30_000;

export async function stopTestJobs(
  boss: PgBoss | undefined,
  databaseUrl: string = inject('databaseUrl'),
): Promise<void> {
  if (!boss) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STOP_WAIT_MS);
  });
  const outcome = await Promise.race([
    boss.stop({ graceful: false, timeout: 1000 }).then(() => 'stopped' as const),
    late,
  ]);
  clearTimeout(timer);
  if (outcome === 'stopped') return;
  const sql = createDb(databaseUrl, { max: 1 });
  try {
    const activity = await sql`
      SELECT pid, application_name, state, wait_event_type, wait_event, left(query, 200) AS query
      FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()`;
    console.warn(`pg-boss did not stop within ${STOP_WAIT_MS} ms; database activity:`, activity);
  } finally {
    await sql.end();
  }
}
