// npm run bench -- exports: export throughput on the 1,000,000-parcel synthetic county. csv and gpkg
// files of the whole county made by the export job's own code (ogr2ogr from PostGIS), with rows/s, the
// peak memory of the ogr2ogr process and of this Node process (which must stay flat: the rows never
// pass through Node), then the time to first byte and the rate of the finished csv's download through
// the app's download route.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '@parcel-map/tileserver/app';
import { hashPassword } from '@parcel-map/tileserver/auth/passwords';
import { loadConfig } from '@parcel-map/tileserver/config';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { makeExportFile } from '@parcel-map/tileserver/features/commerce/exports/make-file';
import { exportById, insertExport } from '@parcel-map/tileserver/features/commerce/exports/queries';
import { createLogger } from '@parcel-map/tileserver/logger';
import { TestBrowser } from '@parcel-map/tileserver/testing/http-client';
import type { BenchDb } from './bench-db.ts';
import { syntheticPath } from './bench-db.ts';

export interface ExportBenchResult {
  format: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
  ogr2ogrPeakMb: number;
  nodePeakMb: number;
}

/** Peak resident memory of ogr2ogr children of this process, sampled every 100 ms. */
function watchMemory(): { stop: () => { ogr: number; node: number } } {
  let ogr = 0;
  let node = 0;
  const timer = setInterval(() => {
    node = Math.max(node, process.memoryUsage().rss);
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        if (!/^Name:\s+ogr2ogr$/m.test(status) || !new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status)) continue;
        const hwm = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
        ogr = Math.max(ogr, hwm);
      } catch {
        // the process ended between the listing and the read
      }
    }
  }, 100);
  return { stop: () => (clearInterval(timer), { ogr: ogr / 1048576, node: node / 1048576 }) };
}

export async function benchExports(db: BenchDb, log: (line: string) => void): Promise<ExportBenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-exports-'));
  const [user] = await db.sql<{ id: string }[]>`
    INSERT INTO users (name, email, password_hash) VALUES ('Bench Exporter', ${`bench-export-${randomBytes(4).toString('hex')}@example.org`}, 'x') RETURNING id`;
  const userId = Number(user!.id);
  const results: ExportBenchResult[] = [];
  try {
    for (const format of ['csv', 'gpkg'] as const) {
      const token = randomBytes(12).toString('hex');
      const now = new Date();
      const id = await insertExport(db.sql, {
        groupId: null,
        userId,
        projectId: null,
        orderId: null,
        kind: 'export',
        path: syntheticPath,
        format,
        product: null,
        level: 'team',
        definition: { query: { parcel: true, path: syntheticPath, filters: {} } },
        requested: db.syntheticCount,
        freeRows: 0,
        priceCents: 0,
        token,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 86400_000),
      });
      const row = (await exportById(db.sql, id))!;
      const memory = watchMemory();
      const started = performance.now();
      const made = await makeExportFile(row, { databaseUrl: db.url, dataDir });
      const seconds = (performance.now() - started) / 1000;
      const peak = memory.stop();
      await db.sql`UPDATE exports SET status = 2, filename = ${made.filename} WHERE id = ${id}`;
      const result = {
        format,
        rows: db.syntheticCount,
        seconds: Math.round(seconds * 10) / 10,
        rowsPerSecond: Math.round(db.syntheticCount / seconds),
        bytes: made.bytes,
        ogr2ogrPeakMb: Math.round(peak.ogr),
        nodePeakMb: Math.round(peak.node),
      };
      log(
        `${format}: ${result.rows} rows in ${result.seconds} s (${result.rowsPerSecond} rows/s), ${(made.bytes / 1048576).toFixed(0)} MB, ogr2ogr peak ${result.ogr2ogrPeakMb} MB, node peak ${result.nodePeakMb} MB`,
      );
      results.push(result);
      if (format === 'csv') {
        // The download route as a browser meets it: first byte, then the whole file, with this process's memory.
        const config = loadConfig({ DATA_DIR: dataDir });
        const app = createApp({ config, sql: db.sql, logger: createLogger('silent') });
        const browser = new TestBrowser(app);
        await db.sql`UPDATE users SET password_hash = ${await hashPassword('secret-pass-1')} WHERE id = ${userId}`;
        const [u] = await db.sql<{ email: string }[]>`SELECT email FROM users WHERE id = ${userId}`;
        await browser.signIn(u!.email, 'secret-pass-1');
        const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const watch = watchMemory();
        const t0 = performance.now();
        const res = await app.request(
          `/exports/${id}/download?t=${token}`,
          { headers: { Cookie: cookie } },
          { incoming: { socket: { remoteAddress: browser.address } } },
        );
        const reader = res.body!.getReader();
        let first = 0;
        let bytes = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (!first) first = performance.now() - t0;
          bytes += value.byteLength;
        }
        const total = (performance.now() - t0) / 1000;
        const mem = watch.stop();
        log(
          `csv download: status ${res.status}, first byte ${first.toFixed(1)} ms, ${(bytes / 1048576).toFixed(0)} MB in ${total.toFixed(1)} s (${(bytes / 1048576 / total).toFixed(0)} MB/s), node peak ${Math.round(mem.node)} MB`,
        );
        writeFileSync(
          resolve(repoRoot, 'bench/results/exports-download.json'),
          JSON.stringify(
            {
              status: res.status,
              firstByteMs: Math.round(first * 10) / 10,
              bytes,
              seconds: Math.round(total * 10) / 10,
              nodePeakMb: Math.round(mem.node),
            },
            null,
            2,
          ),
        );
      }
    }
  } finally {
    await db.sql`DELETE FROM users WHERE id = ${userId}`;
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeFileSync(
    resolve(repoRoot, 'bench/results/exports.json'),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  );
  return results;
}
