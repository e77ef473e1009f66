// GET /api/health: a cheap public liveness answer (database reachable, migration version: one tiny
// query), and row counts per data table for the admin only. Counting 1M parcels on every anonymous
// probe was an amplifier that also disclosed table sizes.
import { Hono } from 'hono';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { migrationVersion } from '../../../db/migrate.ts';
import { maySeeTableCounts } from './policy.ts';
import { tableCounts } from './queries.ts';

// The map layers' tables (sql/migrations/00025_map_layers.sql) follow the parcel data; a table of a
// later migration that is not there yet is left out.
const countedTables = [
  'parcels',
  'places',
  'flood_zones',
  'wetlands',
  'census_tracts',
  'census_block_groups',
  'census_blocks',
  'land_cover',
  'open_spaces',
  'buildings',
  'spot_elevations',
  'contours',
] as const;

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: { reachable: boolean; migrationVersion: number | null; error?: string };
  /** Rows per data table: admin callers only. */
  tables?: Record<string, number>;
}

export async function healthReport(sql: Sql, options: { counts: boolean }): Promise<HealthReport> {
  try {
    const version = await migrationVersion(sql);
    if (!options.counts) return { status: 'ok', database: { reachable: true, migrationVersion: version } };
    return {
      status: 'ok',
      database: { reachable: true, migrationVersion: version },
      tables: await tableCounts(sql, countedTables),
    };
  } catch {
    return {
      status: 'unavailable',
      database: { reachable: false, migrationVersion: null, error: 'database unreachable' },
    };
  }
}

export function healthRoutes(deps: { sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  app.get('/api/health', async (c) => {
    const counts = maySeeTableCounts(await deps.callers.of(c));
    const report = await healthReport(deps.sql, { counts });
    return c.json(report, report.status === 'ok' ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return app;
}
