// The benchmark's database: DATABASE_URL when set, otherwise a database of its own (parcels_bench) on
// the local cluster under .data/pg, so loads and experiments in the dev database never lock it during
// a run. Migrated, real data loaded, the 1,000,000-parcel synthetic county generated when missing
// (through `npm run synth`, the documented command).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig, type Config } from '@parcel-map/tileserver/config';
import { createDb, ensureDatabase, type Sql } from '@parcel-map/tileserver/db/client';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { prepareDatabase } from '@parcel-map/tileserver/db/prepare';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { loadRealData } from '@parcel-map/tileserver/data/load-real-data';

export const syntheticPath = '/us/zz/synthetic-county';
export const syntheticParcels = 1_000_000;
export const syntheticSeed = 1;
export const benchDatabase = 'parcels_bench';

export interface BenchDb {
  config: Config;
  url: string;
  /** Data directory of the local cluster (for pinning PostgreSQL), when we use it. */
  clusterDir?: string;
  sql: Sql;
  syntheticCount: number;
  realCount: number;
}

export async function openBenchDb(
  log: (line: string) => void,
  options: { allowMissingSynthetic: boolean },
): Promise<BenchDb> {
  const config = loadConfig();
  const prepared = await prepareDatabase(config, log);
  const url = prepared.cluster ? prepared.cluster.url(benchDatabase) : prepared.url;
  const loadSql = createDb(url, { max: 4 });
  try {
    if (prepared.cluster) {
      await ensureDatabase(url);
      const migration = await migrate(loadSql);
      log(
        `benchmark database ${benchDatabase}: ${migration.applied.length ? `applied ${migration.applied.join(', ')}` : `schema is current (version ${migration.version})`}`,
      );
    }
    await loadRealData(loadSql, { force: false, log });
  } finally {
    await loadSql.end();
  }
  const sql = createDb(url, { max: 4, applicationName: 'parcel-map-bench' });
  let syntheticCount = await countSynthetic(sql);
  if (syntheticCount < syntheticParcels * 0.99) {
    log(
      `synthetic county has ${syntheticCount} parcels; generating ${syntheticParcels} with seed ${syntheticSeed} (npm run synth)`,
    );
    const result = spawnSync(
      process.execPath,
      [
        resolve(repoRoot, 'tileserver/bin/run.mjs'),
        'synth',
        '--parcels',
        String(syntheticParcels),
        '--seed',
        String(syntheticSeed),
      ],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: url },
      },
    );
    syntheticCount = await countSynthetic(sql);
    if (result.status !== 0 || syntheticCount === 0) {
      const message = `the synthetic county could not be generated (npm run synth exited with ${result.status}); it has ${syntheticCount} parcels`;
      if (!options.allowMissingSynthetic) throw new Error(message);
      log(`WARNING: ${message}; continuing with the lists that exist`);
    }
  }
  const [real] = await sql<
    { n: string }[]
  >`SELECT count(*) AS n FROM parcels WHERE path NOT LIKE ${`${syntheticPath}/%`}`;
  return {
    config,
    url,
    clusterDir: prepared.cluster?.dir,
    sql,
    syntheticCount,
    realCount: Number(real?.n ?? 0),
  };
}

async function countSynthetic(sql: Sql): Promise<number> {
  const [place] = await sql`SELECT 1 AS found FROM places WHERE path = ${syntheticPath}`;
  if (!place) return 0;
  const [row] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM parcels WHERE path LIKE ${`${syntheticPath}/%`}`;
  return Number(row?.n ?? 0);
}
