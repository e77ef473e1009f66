// GET /coverage.json -> {headers, rows}: parcel coverage per state and per county with parcels, for the
// coverage page, read from county_coverage, which loaders fill (summing the 1M-parcel synthetic county
// took 10.9 s on the dev database, 2026-11-22: past the 10 s statement timeout, so never per request).
// When parcels changed without a refresh (a database migrated with data already in it), the last good
// table is served while one background refresh runs.
import { Hono } from 'hono';
import { coverageHeaders, type CoverageTable } from '@parcel-map/contracts/map/places';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Logger } from '../../../logger.ts';
import {
  countyCoverage,
  coverageIsStale,
  coverageRows,
  parcelsVersion,
  refreshCoverage,
  stateAreas,
  type CoverageRow,
} from './coverage-queries.ts';

async function buildTable(sql: Sql): Promise<CoverageTable> {
  const counties = await countyCoverage(sql);
  const states = await stateAreas(sql, [...new Set(counties.map((c) => c.state_path))]);
  const rows = coverageRows(counties, states).map((r: CoverageRow): CoverageTable['rows'][number] => [
    r.path,
    r.kind,
    r.name,
    r.headline,
    r.parcels,
    r.coveragePercent,
  ]);
  return { headers: coverageHeaders, rows };
}

export function coverageRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver; logger: Logger }): Hono {
  const app = new Hono();
  let cached: { version: string; table: Promise<CoverageTable> } | null = null;
  let checkedVersion: string | undefined;

  const refreshWhenStale = async () => {
    if (!(await coverageIsStale(deps.sql))) return;
    const counties = await refreshCoverage(deps.sql);
    deps.logger.info({ counties }, 'coverage recomputed after a parcels change without a refresh');
    cached = null;
  };

  app.get('/coverage.json', async (c) => {
    await deps.callers.of(c);
    const version = await parcelsVersion(deps.sql);
    if (checkedVersion !== version) {
      checkedVersion = version;
      void refreshWhenStale().catch((error: unknown) => deps.logger.error({ err: error }, 'coverage refresh failed'));
    }
    let entry = cached;
    if (!entry || entry.version !== version) {
      const fresh = { version, table: buildTable(deps.sql) };
      entry = cached = fresh;
      // A failed read is not kept: the next request tries again.
      fresh.table.catch(() => {
        if (cached === fresh) cached = null;
      });
    }
    return c.json(await entry.table);
  });
  return app;
}
