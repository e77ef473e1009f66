// `npm run bench -- sql`: the tile SQL alone, one tile at a time, for each query we compared — the
// canonical query, the old per-tile ST_AsMVTGeom zoom strategy, and the prepared zoom bands we serve —
// plus gzip level 1 against level 6 on our tiles (the miss path's compression). Prepared statements,
// one connection, each statement run once over the list before timing a second pass.
import { gzipSync } from 'node:zlib';
import type { Sql } from '@parcel-map/tileserver/db/client';
import { canonicalParcelTileSql, defaultParcelTileSql, parcelTileSql } from '@parcel-map/tileserver/tiles/tile-queries';
import type { TileList } from './tile-lists.ts';

export interface SqlTimingRow {
  list: string;
  tiles: number;
  /** Mean ms per tile and mean raw KB per tile. */
  canonical: { ms: number; kb: number };
  perTile: { ms: number; kb: number };
  bands: { ms: number; kb: number };
  gzip1Ms: number;
  gzip6Ms: number;
  gzip1Kb: number;
  gzip6Kb: number;
}

export async function runSqlTiming(
  sql: Sql,
  lists: TileList[],
  perList: number,
  log: (line: string) => void,
): Promise<SqlTimingRow[]> {
  const rows: SqlTimingRow[] = [];
  await sql`SET max_parallel_workers_per_gather = 0`;
  await sql`SET jit = off`;
  for (const list of lists) {
    const tiles = list.tiles.slice(0, list.z <= 12 ? Math.min(perList, 6) : perList);
    const time = async (statement: (z: number) => string) => {
      let ms = 0;
      let bytes = 0;
      const bodies: Buffer[] = [];
      for (const pass of [0, 1]) {
        for (const t of tiles) {
          const started = performance.now();
          const [row] = await sql.unsafe<{ mvt: Buffer | null }[]>(statement(t.z), [t.z, t.x, t.y], { prepare: true });
          if (!pass) continue;
          ms += performance.now() - started;
          bytes += row?.mvt?.length ?? 0;
          if (row?.mvt?.length) bodies.push(row.mvt);
        }
      }
      return { ms: ms / tiles.length, kb: bytes / tiles.length / 1024, bodies };
    };
    const canonical = await time(() => canonicalParcelTileSql);
    const perTile = await time(() => defaultParcelTileSql);
    const bands = await time(parcelTileSql);
    const zip = (level: number) => {
      const started = performance.now();
      const out = bands.bodies.reduce((sum, b) => sum + gzipSync(b, { level }).length, 0);
      return {
        ms: (performance.now() - started) / Math.max(1, bands.bodies.length),
        kb: out / Math.max(1, bands.bodies.length) / 1024,
      };
    };
    const [g1, g6] = [zip(1), zip(6)];
    const row: SqlTimingRow = {
      list: list.name,
      tiles: tiles.length,
      canonical: { ms: canonical.ms, kb: canonical.kb },
      perTile: { ms: perTile.ms, kb: perTile.kb },
      bands: { ms: bands.ms, kb: bands.kb },
      gzip1Ms: g1.ms,
      gzip6Ms: g6.ms,
      gzip1Kb: g1.kb,
      gzip6Kb: g6.kb,
    };
    log(
      `${list.name.padEnd(22)} canonical ${canonical.ms.toFixed(1)} ms | per-tile ST_AsMVTGeom ${perTile.ms.toFixed(1)} ms | bands ${bands.ms.toFixed(1)} ms | gzip-1 ${g1.ms.toFixed(2)} ms, gzip-6 ${g6.ms.toFixed(2)} ms`,
    );
    rows.push(row);
  }
  return rows;
}

export function sqlTimingTable(rows: readonly SqlTimingRow[]): string {
  const f = (n: number) => n.toFixed(n < 10 ? 1 : 0);
  const lines = [
    '| list | tiles | canonical ms (raw KB) | per-tile ST_AsMVTGeom, old strategy ms | prepared bands ms (raw KB) | canonical / bands | old / bands | gzip-1 ms (KB) | gzip-6 ms (KB) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.list} | ${r.tiles} | ${f(r.canonical.ms)} (${f(r.canonical.kb)}) | ${f(r.perTile.ms)} | ${f(r.bands.ms)} (${f(r.bands.kb)}) | ${(r.canonical.ms / r.bands.ms).toFixed(1)}x | ${(r.perTile.ms / r.bands.ms).toFixed(1)}x | ${r.gzip1Ms.toFixed(2)} (${f(r.gzip1Kb)}) | ${r.gzip6Ms.toFixed(2)} (${f(r.gzip6Kb)}) |`,
    );
  }
  return lines.join('\n');
}
