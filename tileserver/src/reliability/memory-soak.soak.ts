// The memory soak (npm run test:soak; not in npm test): a server process of its own (main.ts, role
// tiles, over the test database) under 64 concurrent clients for SOAK_MINUTES (10) of mixed work: cold
// tiles (never asked before), warm tiles (a small set asked again and again), parcel records, search,
// TileJSON and sources (50 styled definitions created and their tiles asked for). The server's RSS is read from its own /metrics every 10 s and must stay under the tile cache
// budget plus a stated margin; no answer may be a 5xx.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startChildServer } from '../testing/child-server.ts';
import { testDb } from '../testing/db.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const cacheMb = 128;
/**
 * Node and the compiled app (about 155-170 MB at start), V8's young generation (up to 64 MB of
 * semi-spaces in Node 24) and an old generation that grows with 64 concurrent mixed requests: 2-minute
 * runs peaked at 474-478 MB with the 128 MB cache mostly empty (bench/README.md, "Memory").
 */
const marginMb = 400;
const adminToken = 'memory-soak-admin-token-of-32-characters';

const sourceDefinition = (n: number) => ({
  query: { parcel: true, path: '/us/ma/middlesex/cambridge' },
  fields: ['address', 'parval'],
  styles: [
    { field: 'parval', predicate: 'gte', value: String(100_000 * (n + 1)), fill: '#ff0000', line: '#880000' },
    { predicate: 'default', fill: '#cccccc', line: '#999999' },
  ],
});

describe('memory under a mixed soak', () => {
  it(
    `keeps the server's RSS under the tile cache budget (${cacheMb} MB) plus ${marginMb} MB for ${minutes} minutes at concurrency 64`,
    async () => {
      const sql = testDb(1);
      const parcels = (
        await sql<{ path: string }[]>`SELECT path FROM parcels WHERE path IS NOT NULL ORDER BY random() LIMIT 2000`
      ).map((r) => r.path);
      await sql.end();
      const server = await startChildServer({
        TILE_CACHE_MB: String(cacheMb),
        ADMIN_TOKEN: adminToken,
        LOG_LEVEL: 'error',
        SEARCH_PER_MINUTE: '0',
        RECORDS_PER_MINUTE: '0',
        LOOKUP_LIMIT_ANON: '100000000',
      });
      // RSS with its parts: the JS heap, and external memory (Buffers: tile bodies, sockets, zlib).
      const memory = async () => {
        const text = await (
          await fetch(`${server.origin}/metrics`, { headers: { Authorization: `Bearer ${adminToken}` } })
        ).text();
        const mb = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)![1]) / 1e6;
        return {
          mb: mb('process_resident_memory_bytes'),
          heap: mb('nodejs_heap_size_used_bytes'),
          heapTotal: mb('nodejs_heap_size_total_bytes'),
          external: mb('nodejs_external_memory_bytes'),
        };
      };
      const samples: { at: number; mb: number; heap: number; heapTotal: number; external: number }[] = [];
      const statuses = new Map<number, number>();
      const t0 = Date.now();
      const end = t0 + minutes * 60_000;
      let cold = 0;
      const warm = Array.from(
        { length: 40 },
        (_, i) => `/api/v1/parcels/15/${9910 + (i % 8)}/${12120 + Math.floor(i / 8)}.mvt?token=public`,
      );
      const words = [
        'main',
        'cambridge',
        'mass ave',
        'harvard',
        'broadway',
        'elm',
        'oak',
        '12 main',
        'somerville',
        'boston',
      ];
      const note = (res: Response | undefined) => {
        const status = res?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      };
      const client = async (c: number) => {
        for (let i = 0; Date.now() < end; i++) {
          const pick = (c + i) % 10;
          let path: string;
          if (pick < 3) {
            // Cold: a new z16/z17 tile each time, over the loaded counties' area.
            const n = cold++;
            path = `/api/v1/parcels/16/${19800 + (n % 90)}/${24200 + (Math.floor(n / 90) % 90)}.mvt?token=public`;
          } else if (pick < 6) path = warm[(c * 7 + i) % warm.length]!;
          else if (pick < 8) path = `${parcels[(c * 31 + i) % parcels.length]}.json`;
          else if (pick < 9) path = `/search.json?q=${encodeURIComponent(words[(c + i) % words.length]!)}`;
          else if ((c + i) % 2 === 0) path = '/api/v1/parcels?format=mvt&token=public';
          else {
            // Sources: one of 50 styled definitions (created once, then found again by their id), then one of its tiles.
            const made = await fetch(`${server.origin}/api/v1/sources?token=public`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(sourceDefinition((c + i) % 50)),
            }).catch(() => undefined);
            const tiles = made?.ok ? ((await made.json()) as { tiles: string[] }).tiles : undefined;
            note(made);
            if (!tiles) continue;
            path =
              new URL(
                tiles[0]!
                  .replace('{z}', '16')
                  .replace('{x}', String(19812 + (i % 8)))
                  .replace('{y}', String(24240 + (c % 8))),
              ).pathname + '?token=public';
          }
          const res = await fetch(server.origin + path).catch(() => undefined);
          await res?.arrayBuffer().catch(() => undefined);
          note(res);
        }
      };
      const sampler = (async () => {
        while (Date.now() < end) {
          samples.push({ at: Math.round((Date.now() - t0) / 1000), ...(await memory()) });
          console.log(`memory soak: ${JSON.stringify(samples.at(-1))}`);
          await new Promise((r) => setTimeout(r, 10_000));
        }
      })();
      try {
        await Promise.all([...Array.from({ length: 64 }, (_, c) => client(c)), sampler]);
        samples.push({ at: Math.round((Date.now() - t0) / 1000), ...(await memory()) });
      } finally {
        await server.stop();
      }
      const peak = Math.max(...samples.map((s) => s.mb));
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      console.log(
        `memory soak: ${minutes} min, ${total} requests (${[...statuses].map(([s, n]) => `${s}:${n}`).join(' ')}), RSS first ${samples[0]!.mb.toFixed(0)} MB, last ${samples.at(-1)!.mb.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (bound ${cacheMb + marginMb} MB)`,
      );
      expect([...statuses.keys()].filter((s) => s >= 500 && s !== 503)).toEqual([]);
      expect(statuses.get(0) ?? 0).toBe(0);
      expect(peak).toBeLessThan(cacheMb + marginMb);
    },
    (minutes + 3) * 60_000,
  );
});
