// The database references, run as their own (pinned) process: the server's exact parcel tile SQL (or the
// canonical query of a generic PostGIS tile server, the third reference)
// through postgres.js with the server's pool size, at a fixed concurrency over the same tile list,
// for a fixed duration. Reads its job from the JSON file in argv[2]; prints one BENCH_JSON line.
import { readFileSync } from 'node:fs';
import { createDb } from '@parcel-map/tileserver/db/client';
import { canonicalParcelTileSql, parcelTileSql } from '@parcel-map/tileserver/tiles/tile-queries';
import { percentile, summarize } from './stats.ts';
import type { Tile } from './tile-math.ts';

export interface DbLimitJob {
  url: string;
  pool: number;
  concurrency: number;
  durationS: number;
  tiles: Tile[];
  /** ours: the server's statement per zoom (parcelTileSql); canonical: a generic PostGIS tile server's query. */
  query: 'ours' | 'canonical';
}

async function main(): Promise<void> {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as DbLimitJob;
  const sql = createDb(job.url, { max: job.pool, applicationName: 'parcel-map-bench' });
  const statement = (z: number) => (job.query === 'canonical' ? canonicalParcelTileSql : parcelTileSql(z));
  const render = async (t: Tile) => {
    const rows = await sql.unsafe<{ mvt: Buffer | null }[]>(statement(t.z), [t.z, t.x, t.y], { prepare: true });
    return rows[0]?.mvt?.length ?? 0;
  };
  // Open every pooled connection and prepare the statement on it before the clock starts, as a running
  // server would have done long before; an empty tile (z22 at the null island corner) costs nothing.
  await Promise.all(Array.from({ length: job.pool }, () => render({ ...job.tiles[0]!, x: 0, y: 0 })));

  let next = 0;
  const latencies: number[] = [];
  const sizes: number[] = [];
  let errors = 0;
  const inFlight = new Set<{ cancel: () => void }>();
  const started = performance.now();
  // Its own CPU over the timed window only: the process's start (tsx compiling this file, ~1 s) would
  // otherwise be charged to the few tiles of a slow cell.
  const cpuAtStart = process.cpuUsage();
  const deadline = started + job.durationS * 1000;
  let open = true;
  // Like wrk's connections: every worker takes the next tile of one shared walk over the list, and
  // like wrk, only answers that arrive before the deadline count; queries still running then are
  // cancelled (as our server cancels the query of a client that leaves).
  const worker = async () => {
    while (open && performance.now() < deadline) {
      const tile = job.tiles[next++ % job.tiles.length]!;
      const t0 = performance.now();
      const query = sql.unsafe<{ mvt: Buffer | null }[]>(statement(tile.z), [tile.z, tile.x, tile.y], {
        prepare: true,
      });
      inFlight.add(query);
      try {
        const rows = await query;
        if (!open) break;
        sizes.push(rows[0]?.mvt?.length ?? 0);
        latencies.push(performance.now() - t0);
      } catch {
        if (open) errors++;
      } finally {
        inFlight.delete(query);
      }
    }
  };
  const workers = Promise.all(Array.from({ length: job.concurrency }, worker));
  await new Promise((r) => setTimeout(r, job.durationS * 1000));
  open = false;
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  for (const query of inFlight) query.cancel();
  // A query still queued for a pooled connection may never settle after cancel(): do not wait on it.
  void workers;
  const l = summarize(latencies);
  const result = {
    tilesPerSecond: latencies.length / elapsedS,
    requests: latencies.length + errors,
    durationS: elapsedS,
    p50Ms: l.p50,
    p95Ms: l.p95,
    p99Ms: percentile(latencies, 99),
    errors,
    bytesPerTile: summarize(sizes).mean,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  process.stdout.write(`BENCH_JSON ${JSON.stringify(result)}\n`, () => {
    // Closing the connections terminates the cancelled backends; then leave without waiting on them.
    void sql.end({ timeout: 1 }).finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error((error as Error).stack ?? error);
  process.exit(1);
});
