// npm run bench -- insights: place insights on the 1,000,000-parcel synthetic county and four
// sub-places of it (its quadrants, added as neighborhood places labelled as bench places, since the
// generator makes none). Cold = the first request after the parcels version moved (what a reload
// does) and the loader's precompute, in a freshly started server; warm = the same request again (the
// in-process cache). The SQL time of each place's computation is reported too.
// Requests go through createApp() in process, as the server answers them, by a Pro caller's level.
import { createApp } from '@parcel-map/tileserver/app';
import { precomputeInsights } from '@parcel-map/tileserver/features/map/insights/precompute';
import { createLogger } from '@parcel-map/tileserver/logger';
import type { BenchDb } from './bench-db.ts';
import { syntheticPath } from './bench-db.ts';

export interface InsightsResult {
  path: string;
  parcels: number;
  /** The SQL computation (what a loader pays once per place after a load). */
  sqlMs: number;
  /** The first request of a fresh server process after the load. */
  coldMs: number;
  warmMedianMs: number;
  warmP95Ms: number;
}

const quadrants = ['south-west', 'south-east', 'north-west', 'north-east'] as const;

async function addQuadrants(db: BenchDb): Promise<string[]> {
  const [box] = await db.sql<{ w: number; s: number; e: number; n: number }[]>`
    SELECT ST_XMin(geom) AS w, ST_YMin(geom) AS s, ST_XMax(geom) AS e, ST_YMax(geom) AS n FROM places WHERE path = ${syntheticPath}`;
  if (!box) throw new Error('the synthetic county is missing');
  const midX = (box.w + box.e) / 2;
  const midY = (box.s + box.n) / 2;
  const paths: string[] = [];
  for (const q of quadrants) {
    const [w, e] = q.endsWith('west') ? [box.w, midX] : [midX, box.e];
    const [s, n] = q.startsWith('south') ? [box.s, midY] : [midY, box.n];
    const path = `${syntheticPath}/bench-${q}`;
    await db.sql`
      INSERT INTO places (path, parent_path, kind, country, name, headline, synthetic, source, geom, geom_3857)
      SELECT ${path}, ${syntheticPath}, 'neighborhood', 'us', ${`Bench ${q}`}, ${`Bench ${q} (synthetic data)`}, true, 'bench:insights', ST_Multi(env), ST_Transform(ST_Multi(env), 3857)
      FROM (SELECT ST_MakeEnvelope(${w}, ${s}, ${e}, ${n}, 4326) AS env) x
      ON CONFLICT (path) DO NOTHING`;
    paths.push(path);
  }
  return paths;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

export async function benchInsights(
  db: BenchDb,
  log: (line: string) => void,
  warmRuns = 20,
): Promise<InsightsResult[]> {
  const places = [syntheticPath, ...(await addQuadrants(db))];
  // A reload (the version moves), then what a loader does after it: precompute the big places' figures.
  await db.sql`SELECT bump_layer_version('parcels')`;
  const computed = new Map<string, number>();
  await precomputeInsights(db.sql, places, log);
  for (const row of await db.sql<
    { path: string; computed_ms: number }[]
  >`SELECT path, computed_ms FROM place_insights WHERE path IN ${db.sql(places)}`)
    computed.set(row.path, row.computed_ms);
  // A Pro caller sees every section; the admin token is one (all sections returned).
  const token = 'bench-insights-admin-token-0123456789abcdef';
  const results: InsightsResult[] = [];
  for (const path of places) {
    // A new app per place: an empty in-process cache, as in a freshly started server.
    const app = createApp({
      config: { ...db.config, ADMIN_TOKEN: token },
      sql: db.sql,
      logger: createLogger('silent'),
    });
    const get = async () => {
      const started = performance.now();
      const res = await app.request(`${path}/insights.json`, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { numeric?: { parcels: number }; error?: { message: string } };
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.error?.message}`);
      return { ms: performance.now() - started, parcels: body.numeric!.parcels };
    };
    const cold = await get();
    const warm: number[] = [];
    for (let i = 0; i < warmRuns; i++) warm.push((await get()).ms);
    warm.sort((a, b) => a - b);
    const result = {
      path,
      parcels: cold.parcels,
      sqlMs: computed.get(path) ?? 0,
      coldMs: Math.round(cold.ms),
      warmMedianMs: Math.round(percentile(warm, 0.5) * 10) / 10,
      warmP95Ms: Math.round(percentile(warm, 0.95) * 10) / 10,
    };
    log(
      `${path}: ${result.parcels.toLocaleString('en-US')} parcels, SQL ${result.sqlMs} ms (precomputed after the load), first request ${result.coldMs} ms, warm median ${result.warmMedianMs} ms, p95 ${result.warmP95Ms} ms`,
    );
    results.push(result);
  }
  return results;
}
