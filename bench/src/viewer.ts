// npm run bench -- viewer: the viewer's first load in headless Chromium, from navigation start to the
// first parcels drawn (window.__parcelsDrawnAt, Cambridge at z16) with a cold tile cache on loopback and
// with a 4G phone's network, then a repeat visit, and the bytes on the wire before the first parcels.
// The product's own server (main.ts) runs in a child process and is restarted before every cold run, so
// its tile cache is empty; each cold run has a fresh browser context, so its HTTP cache is empty too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { loadConfig } from '@parcel-map/tileserver/config';
import { ensureDatabase } from '@parcel-map/tileserver/db/client';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { prepareDatabase, withDb } from '@parcel-map/tileserver/db/prepare';
import { loadRealData } from '@parcel-map/tileserver/data/load-real-data';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { serverCommand } from '@parcel-map/tileserver/server-command';
import { freePort } from '@parcel-map/tileserver/system/free-port';
import { buildViewerIfStale } from '@parcel-map/tileserver/system/viewer-build';
import { benchDatabase } from './bench-db.ts';
import { startProcess, stopProcess, waitForHttp, type Started } from './processes.ts';
import { formatBytes } from './stats.ts';
import { resultsDir } from './tile-lists.ts';
import { chromiumArgs, chromiumPath } from '@parcel-map/tileserver/system/chromium';

/** Cambridge at z16, the view the figures were measured on. */
export const viewerBenchView = '/#base=street&map=16/42.375/-71.11';
/** A 4G phone as the issue defines it (CDP Network.emulateNetworkConditions: bytes per second). */
export const phone4g = { latency: 40, downloadThroughput: 9_000_000 / 8, uploadThroughput: 1_500_000 / 8 };
const kinds = ['js', 'css', 'tiles', 'json', 'other'] as const;
type Kind = (typeof kinds)[number];

export interface LoadedRequest {
  url: string;
  kind: Kind;
  status: number;
  /** Bytes on the wire (headers and body as received: compressed when the answer was). */
  bytes: number;
  /** When the last byte arrived, in ms from navigation start. */
  finishedMs: number;
}

export interface ViewerRun {
  scenario: 'loopback' | '4g' | 'repeat';
  drawnMs: number;
  bytesBefore: Record<Kind, number> & { total: number };
  requestsBefore: number;
  requests: LoadedRequest[];
  errors: string[];
}

function kindOf(url: string, mime: string): Kind {
  const path = new URL(url).pathname;
  if (/\/\d+\/\d+\/\d+\.(mvt|pbf)$/.test(path) && !path.includes('/glyphs/')) return 'tiles';
  if (path.endsWith('.js') || mime.includes('javascript')) return 'js';
  if (path.endsWith('.css') || mime.includes('css')) return 'css';
  if (mime.includes('json')) return 'json';
  return 'other';
}

/** The bench database (or DATABASE_URL) migrated with the real data; the synthetic county is not needed. */
async function viewerDatabase(log: (line: string) => void): Promise<string> {
  const config = loadConfig();
  const prepared = await prepareDatabase(config, log);
  const url = prepared.cluster ? prepared.cluster.url(benchDatabase) : prepared.url;
  if (prepared.cluster) {
    await ensureDatabase(url);
    await withDb(url, (sql) => migrate(sql));
  }
  await withDb(url, (sql) => loadRealData(sql, { force: false, log }));
  return url;
}

interface ViewerServer {
  origin: string;
  stop: () => Promise<void>;
}

async function startViewerServer(databaseUrl: string, dataDir: string): Promise<ViewerServer> {
  const port = await freePort();
  const entry: Started = startProcess('viewer server', ...serverCommand(['--no-build']), {
    cwd: repoRoot,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/health`, entry, 180_000);
  return { origin, stop: () => stopProcess(entry) };
}

/**
 * Records every request of a page and of its workers (the tiles come from maplibre's worker, which a
 * page's own CDP session does not see). Playwright takes the sizes from CDP's Network.loadingFinished
 * encodedDataLength (headers + body as received) and the finish time from the same event.
 */
function recordNetwork(page: Page) {
  const finished: Promise<LoadedRequest & { at: number }>[] = [];
  page.on('requestfinished', (request: Request) => {
    finished.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const timing = request.timing();
        const headers = response ? await response.allHeaders() : {};
        return {
          url: request.url().replace(/^https?:\/\/[^/]+/, ''),
          kind: kindOf(request.url(), headers['content-type'] ?? ''),
          status: response?.status() ?? 0,
          // A worker's own script reports only its headers in encodedDataLength: its Content-Length is
          // then what came over the wire. An answer from the HTTP cache reports no headers, and stays 0.
          bytes:
            sizes.responseHeadersSize > 0 && sizes.responseBodySize === 0
              ? sizes.responseHeadersSize + Number(headers['content-length'] ?? 0)
              : sizes.responseHeadersSize + sizes.responseBodySize,
          finishedMs: 0,
          at: timing.startTime + timing.responseEnd,
        };
      })(),
    );
  });
  /** Requests finished so far, with finish times in ms from the page's time origin (navigation start). */
  return async (timeOriginMs: number): Promise<LoadedRequest[]> =>
    (await Promise.all(finished)).map(({ at, ...r }) => ({ ...r, finishedMs: at - timeOriginMs }));
}

async function measureLoad(
  context: BrowserContext,
  origin: string,
  scenario: ViewerRun['scenario'],
): Promise<ViewerRun> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon|GPU stall|uniform block reflection/.test(m.text())) errors.push(m.text());
  });
  const requests = recordNetwork(page);
  const cdp = await context.newCDPSession(page);
  // Set on the page, the conditions hold for its dedicated workers too (they load for its frame).
  if (scenario === '4g') await cdp.send('Network.emulateNetworkConditions', { offline: false, ...phone4g });
  await page.goto(`${origin}${viewerBenchView}`);
  await page.waitForFunction(() => window.__parcelsDrawnAt !== undefined, undefined, { timeout: 60_000 });
  const { drawnMs, timeOrigin } = await page.evaluate(() => ({
    drawnMs: window.__parcelsDrawnAt!,
    timeOrigin: performance.timeOrigin,
  }));
  // Let what was in flight at that moment finish, so its finish time is known (it counts only if earlier).
  await page.waitForTimeout(scenario === '4g' ? 1500 : 500);
  const all = (await requests(timeOrigin)).sort((a, b) => a.finishedMs - b.finishedMs);
  const before = all.filter((r) => r.finishedMs <= drawnMs);
  const bytesBefore = { js: 0, css: 0, tiles: 0, json: 0, other: 0, total: 0 };
  for (const r of before) {
    bytesBefore[r.kind] += r.bytes;
    bytesBefore.total += r.bytes;
  }
  await cdp.detach();
  await page.close();
  return { scenario, drawnMs, bytesBefore, requestsBefore: before.length, requests: all, errors };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface ScenarioSummary {
  scenario: ViewerRun['scenario'];
  runs: number;
  drawnMs: { median: number; min: number; max: number };
  bytesBefore: Record<string, number>;
}

export function summarizeRuns(runs: ViewerRun[]): ScenarioSummary[] {
  const scenarios = [...new Set(runs.map((r) => r.scenario))];
  return scenarios.map((scenario) => {
    const of = runs.filter((r) => r.scenario === scenario);
    const times = of.map((r) => r.drawnMs);
    const bytesBefore = Object.fromEntries(
      [...kinds, 'total' as const].map((k) => [k, median(of.map((r) => r.bytesBefore[k]))]),
    );
    return {
      scenario,
      runs: of.length,
      drawnMs: { median: median(times), min: Math.min(...times), max: Math.max(...times) },
      bytesBefore,
    };
  });
}

export function viewerTable(summaries: ScenarioSummary[]): string {
  const head = '| scenario | runs | first parcels, median (min-max) | JS | CSS | tiles | JSON | other | total before |';
  const rows = summaries.map((s) => {
    const b = s.bytesBefore;
    const t = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    return `| ${s.scenario} | ${s.runs} | ${t(s.drawnMs.median)} (${t(s.drawnMs.min)}-${t(s.drawnMs.max)}) | ${[
      ...kinds,
      'total',
    ]
      .map((k) => formatBytes(b[k] ?? 0))
      .join(' | ')} |`;
  });
  return [head, '|---|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/** The requests that finished before the first parcels in the median loopback run: the critical path. */
function criticalPath(runs: ViewerRun[], scenario: ViewerRun['scenario']): string {
  const of = runs.filter((r) => r.scenario === scenario).sort((a, b) => a.drawnMs - b.drawnMs);
  const run = of[Math.floor((of.length - 1) / 2)];
  if (!run) return '';
  return run.requests
    .filter((r) => r.finishedMs <= run.drawnMs)
    .map(
      (r) =>
        `  ${r.finishedMs.toFixed(0).padStart(6)} ms  ${r.kind.padEnd(5)} ${formatBytes(r.bytes).padStart(9)}  ${r.url}`,
    )
    .join('\n');
}

export async function runViewerBench(options: {
  runs: number;
  command: string;
  log: (line: string) => void;
}): Promise<string> {
  const { runs, log } = options;
  const startedAt = new Date().toISOString();
  buildViewerIfStale(log);
  const databaseUrl = await viewerDatabase(log);
  const dataDir = mkdtempSync(resolve(os.tmpdir(), 'parcel-viewer-bench-'));
  let browser: Browser | undefined;
  let server: ViewerServer | undefined;
  const results: ViewerRun[] = [];
  try {
    browser = await chromium
      .launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
      .catch((error: unknown) => {
        throw new Error(`Chromium could not start (${chromiumPath}): ${(error as Error).message}`);
      });
    for (const scenario of ['loopback', '4g'] as const) {
      for (let i = 0; i < runs; i++) {
        // A fresh server per cold run: its tile cache starts empty.
        await server?.stop();
        server = await startViewerServer(databaseUrl, dataDir);
        const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
        try {
          const cold = await measureLoad(context, server.origin, scenario);
          results.push(cold);
          log(`${scenario} ${i + 1}/${runs}: ${cold.drawnMs.toFixed(0)} ms, ${formatBytes(cold.bytesBefore.total)}`);
          if (scenario === 'loopback') {
            // The same browser again (warm HTTP cache; the server's tile cache is warm too).
            const repeat = await measureLoad(context, server.origin, 'repeat');
            results.push(repeat);
            log(`repeat ${i + 1}/${runs}: ${repeat.drawnMs.toFixed(0)} ms, ${formatBytes(repeat.bytesBefore.total)}`);
          }
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const summaries = summarizeRuns(results);
  const file = resolve(resultsDir, `${startedAt.slice(0, 16).replace(/[:T]/g, '-')}-viewer.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ kind: 'viewer', startedAt, command: options.command, loadAverage: os.loadavg(), view: viewerBenchView, phone4g, summaries, runs: results }, null, 1)}\n`,
  );
  const errors = results.flatMap((r) => r.errors);
  console.log(`\n${viewerTable(summaries)}\n`);
  console.log(
    `Requests finished before the first parcels (median loopback run):\n${criticalPath(results, 'loopback')}\n`,
  );
  if (errors.length > 0) console.log(`Page errors:\n  ${[...new Set(errors)].join('\n  ')}`);
  return file;
}

declare global {
  interface Window {
    __parcelsDrawnAt?: number;
  }
}
