// Security review 2, N2, against a real server on a port: six heavy FeatureServer queries of a free
// sandbox (every field, ordered on an unindexed column) used to hold the app pool's connections for up
// to the 10 s statement timeout, so another user's search took 10 s. Now they wait at the GIS gate in
// front of the GIS pool (GIS_POOL_SIZE connections, GIS_STATEMENT_TIMEOUT_MS), apart from the app API.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { createServices } from '../services.ts';
import { testDb } from '../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../testing/http-client.ts';
import { createHttpServer } from './server.ts';

const sql = testDb();
// The defaults of the gates, pools and limits, wired as main.ts wires them.
const config = loadConfig({ LOG_LEVEL: 'silent' });
const gisSql = createDb(inject('databaseUrl'), {
  max: config.GIS_POOL_SIZE,
  statementTimeoutMs: config.GIS_STATEMENT_TIMEOUT_MS,
});
const services = createServices({ config, sql, gisSql, logger: createLogger('silent') });
const app = createApp(services);
const server = createHttpServer(app, services.tiles);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await Promise.all([sql.end(), gisSql.end()]);
});

let sandbox: string;
beforeAll(async () => {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('gis-flood'));
  const made = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] });
  expect(made.status).toBe(201);
  sandbox = made.json.token as string;
});

const HEAVY = 6;

describe('a flood of heavy FeatureServer queries (security review 2, N2)', () => {
  it('N2: with 6 heavy sandbox FeatureServer queries in flight, another user’s /search.json answers 200 in under 1 s, probe after probe', async () => {
    const heavy = `${base}/arcgis/rest/services/parcels/FeatureServer/0/query?${new URLSearchParams({
      where: '1=1',
      outFields: '*',
      orderByFields: 'll_updated_at desc,owner',
      resultRecordCount: '1',
      f: 'json',
    })}`;
    const stop = new AbortController();
    let inFlight = 0;
    const answers: { status: number; ms: number }[] = [];
    const loop = async () => {
      while (!stop.signal.aborted) {
        const started = performance.now();
        inFlight++;
        try {
          const res = await fetch(heavy, {
            headers: { Authorization: `Bearer ${sandbox}`, 'X-Forwarded-For': '203.0.113.150' },
            signal: stop.signal,
          });
          await res.arrayBuffer();
          answers.push({ status: res.status, ms: Math.round(performance.now() - started) });
        } catch {
          // The stop aborts the request in flight.
        } finally {
          inFlight--;
        }
      }
    };
    // The flood runs a bounded time whatever happens.
    const cap = setTimeout(() => stop.abort(), 40_000);
    const loops = Array.from({ length: HEAVY }, loop);
    const probes: { status: number; ms: number; heavyInFlight: number }[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let i = 0; i < 8; i++) {
        const heavyInFlight = inFlight;
        const started = performance.now();
        const res = await fetch(`${base}/search.json?q=main`, { headers: { 'X-Forwarded-For': '198.51.100.88' } });
        await res.arrayBuffer();
        probes.push({ status: res.status, ms: Math.round(performance.now() - started), heavyInFlight });
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    } finally {
      stop.abort();
      clearTimeout(cap);
      await Promise.all(loops);
    }
    const statuses: Record<number, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    console.log(
      `N2 flood: heavy answers ${JSON.stringify(statuses)}, ms ${answers.map((a) => a.ms).join(',')}; probes ${JSON.stringify(probes)}`,
    );
    // The heavy queries were really there: six in flight at each probe, and answered.
    expect(probes.every((probe) => probe.heavyInFlight === HEAVY)).toBe(true);
    expect(answers.length).toBeGreaterThan(0);
    for (const probe of probes) {
      expect(probe.status).toBe(200);
      expect(probe.ms).toBeLessThan(1000);
    }
  }, 120_000);
});
