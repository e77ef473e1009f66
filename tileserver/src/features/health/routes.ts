// GET /api/health: database reachability, migration version and row counts per data table.
import { Hono } from 'hono';
import type { Sql } from '../../db/client.ts';
import { migrationVersion } from '../../db/migrate.ts';

const countedTables = ['parcels', 'places', 'flood_zones', 'wetlands'] as const;

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: { reachable: boolean; migrationVersion: number | null; error?: string };
  tables: Record<string, number>;
}

export async function healthReport(sql: Sql): Promise<HealthReport> {
  try {
    const version = await migrationVersion(sql);
    const tables: Record<string, number> = {};
    for (const table of countedTables) {
      const [exists] = await sql`SELECT to_regclass(${table}) IS NOT NULL AS found`;
      if (!exists?.found) continue;
      const [row] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM ${sql(table)}`;
      tables[table] = Number(row?.n ?? 0);
    }
    return { status: 'ok', database: { reachable: true, migrationVersion: version }, tables };
  } catch {
    return { status: 'unavailable', database: { reachable: false, migrationVersion: null, error: 'database unreachable' }, tables: {} };
  }
}

export function healthRoutes(sql: Sql): Hono {
  const app = new Hono();
  app.get('/api/health', async (c) => {
    const report = await healthReport(sql);
    return c.json(report, report.status === 'ok' ? 200 : 503);
  });
  return app;
}
