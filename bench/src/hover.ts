// `npm run bench -- hover`: the cost of hover highlighting in the real viewer. The product's server
// (main.ts, role all: viewer, API and tiles) runs in a child process and headless Chromium opens a
// dense z16 view of Cambridge. Two phases: a sweep (the pointer crosses the view in N steps, one every
// 16 ms, as a hand would) with the frame times recorded in the page from requestAnimationFrame deltas;
// then single jumps from parcel to parcel, each timed from the page's mousemove event to the next
// maplibre repaint and to the map's next idle (the hovered outline drawn and nothing left to load).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { serverCommand } from '@parcel-map/tileserver/server-command';
import { startProcess, stopProcess, waitForHttp } from './processes.ts';
import { summarize, type Summary } from './stats.ts';
import { chromiumArgs, chromiumPath } from '@parcel-map/tileserver/system/chromium';

/** Mid-Cambridge between Inman and Central Square: among the densest parcel blocks of the real data. */
export const denseView = { zoom: 16, lat: 42.3705, lon: -71.1005 };
const viewport = { width: 1200, height: 800 };
const stepMs = 16;

export interface HoverRun {
  kind: 'hover';
  startedAt: string;
  finishedAt: string;
  command: string;
  commit: string;
  loadAverage: string;
  settings: {
    view: typeof denseView;
    viewport: typeof viewport;
    steps: number;
    stepMs: number;
    jumps: number;
    build: boolean;
  };
  /** requestAnimationFrame deltas during the sweep, ms. */
  sweepFrames: Summary;
  sweepMs: number;
  /** maplibre repaints during the sweep. */
  sweepRenders: number;
  /** Parcel-to-parcel jumps: mousemove event to the next repaint, and to the next idle, ms. */
  jumpToRender: Summary;
  jumpToIdle: Summary;
  /** Jumps after which the map did not repaint within 2 s (the pointer stayed on the same parcel or none). */
  jumpsWithoutRepaint: number;
}

interface JumpTiming {
  move: number;
  render: number | null;
  idle: number | null;
}

/** The part of the view clear of the side navigation, the header and the bottom bars. */
const area = { left: 300, right: 1100, top: 150, bottom: 650 };

/** A serpentine path over the area: four rows. */
function sweepPath(steps: number): { x: number; y: number }[] {
  const rows = [0, 1, 2, 3].map((r) => area.top + ((area.bottom - area.top) * r) / 3);
  const perRow = Math.ceil(steps / rows.length);
  const points: { x: number; y: number }[] = [];
  rows.forEach((y, row) => {
    for (let i = 0; i < perRow && points.length < steps; i++) {
      const f = i / Math.max(1, perRow - 1);
      const x = area.left + (area.right - area.left) * (row % 2 === 0 ? f : 1 - f);
      points.push({ x, y });
    }
  });
  return points;
}

async function sweep(page: Page, steps: number): Promise<{ frames: number[]; renders: number; ms: number }> {
  // Page scripts are strings: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`(() => {
    const rec = { frames: [], renders: 0, recording: true };
    window.__hoverBench = rec;
    window.__map.on('render', () => { if (rec.recording) rec.renders++; });
    let last = 0;
    const loop = (t) => {
      if (last) rec.frames.push(t - last);
      last = t;
      if (rec.recording) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  })()`);
  const started = Date.now();
  for (const p of sweepPath(steps)) {
    const at = Date.now();
    await page.mouse.move(p.x, p.y);
    const wait = stepMs - (Date.now() - at);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const ms = Date.now() - started;
  const { frames, renders } = await page.evaluate<{ frames: number[]; renders: number }>(`(() => {
    window.__hoverBench.recording = false;
    return window.__hoverBench;
  })()`);
  return { frames, renders, ms };
}

/** Arms the page to time the next mousemove: to the next maplibre render and the next idle (2 s at most). */
function armJump(page: Page): Promise<void> {
  return page.evaluate(`(() => {
    window.__hoverJump = new Promise((done) => {
      const map = window.__map;
      // A move that never arrives (the browser busy past 3 s) counts as no repaint, never a hang.
      const lost = setTimeout(() => {
        window.removeEventListener('mousemove', onMove, true);
        done({ move: 0, render: null, idle: null });
      }, 3000);
      const onMove = (e) => {
        clearTimeout(lost);
        window.removeEventListener('mousemove', onMove, true);
        const move = e.timeStamp;
        let render = null;
        const onRender = () => {
          if (render === null) render = performance.now();
        };
        let timer;
        const onIdle = () => finish(render === null ? null : performance.now());
        const finish = (idle) => {
          map.off('render', onRender);
          map.off('idle', onIdle);
          clearTimeout(timer);
          done({ move, render, idle });
        };
        timer = setTimeout(() => finish(null), 2000);
        map.on('render', onRender);
        map.on('idle', onIdle);
      };
      window.addEventListener('mousemove', onMove, true);
    });
  })()`);
}

async function jumps(page: Page, count: number): Promise<{ toRender: number[]; toIdle: number[]; none: number }> {
  const toRender: number[] = [];
  const toIdle: number[] = [];
  let none = 0;
  // A grid 70 px apart: at z16 a Cambridge lot is about 10 x 20 px, so each jump lands on another parcel.
  const columns = Math.floor((area.right - area.left) / 70);
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / columns);
    const x = area.left + (i % columns) * 70 + (row % 2) * 35;
    const y = area.top + ((row * 90) % (area.bottom - area.top));
    await armJump(page);
    await page.mouse.move(x, y);
    const r = await page.evaluate<JumpTiming>('window.__hoverJump');
    if (r.render === null || r.idle === null) {
      none++;
      continue;
    }
    toRender.push(r.render - r.move);
    toIdle.push(r.idle - r.move);
  }
  return { toRender, toIdle, none };
}

export async function runHoverBench(options: {
  steps: number;
  jumps: number;
  port: number;
  /** false: serve viewer/dist as it is (a build of another commit, for a before/after pair). */
  build: boolean;
  command: string;
  commit: string;
  resultsDir: string;
  log: (line: string) => void;
}): Promise<{ file: string; run: HoverRun }> {
  const startedAt = new Date().toISOString();
  const { log } = options;
  log('starting the server (main.ts, role all: builds the viewer when stale, loads the real data when missing)');
  const server = startProcess('server', ...serverCommand(options.build ? [] : ['--no-build']), {
    cwd: repoRoot,
    env: { PORT: String(options.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHttp(`${origin}/api/health`, server, 600_000);
    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
    try {
      // The page's CSP forbids eval, which Playwright's string predicates use.
      const page = await browser.newPage({ viewport, deviceScaleFactor: 1, bypassCSP: true });
      const v = denseView;
      await page.goto(`${origin}/#base=street&map=${v.zoom}/${v.lat}/${v.lon}`);
      await page.waitForFunction('window.__idle === true', undefined, { timeout: 60_000 });
      // Every tile of the view is in: the sweep measures hovering, not loading.
      await page.evaluate(
        "new Promise((done) => { window.__map.once('idle', () => done()); window.__map.triggerRepaint(); })",
      );
      const parcels = await page.evaluate<number>(
        "window.__map.queryRenderedFeatures({ layers: ['parcels-fill'] }).length",
      );
      log(`view ${v.zoom}/${v.lat}/${v.lon}: ${parcels} parcel features drawn`);
      log(`sweep: ${options.steps} steps, one every ${stepMs} ms`);
      const swept = await sweep(page, options.steps);
      await page.mouse.move(5, 5);
      await page.waitForTimeout(500);
      log(`sweep took ${swept.ms} ms with ${swept.renders} repaints`);
      log(`jumps: ${options.jumps} parcel-to-parcel moves, each timed to the next repaint and idle`);
      const jumped = await jumps(page, options.jumps);
      const run: HoverRun = {
        kind: 'hover',
        startedAt,
        finishedAt: new Date().toISOString(),
        command: options.command,
        commit: options.commit,
        loadAverage: readFileSync('/proc/loadavg', 'utf8').trim(),
        settings: {
          view: denseView,
          viewport,
          steps: options.steps,
          stepMs,
          jumps: options.jumps,
          build: options.build,
        },
        sweepFrames: summarize(swept.frames),
        sweepMs: swept.ms,
        sweepRenders: swept.renders,
        jumpToRender: summarize(jumped.toRender),
        jumpToIdle: summarize(jumped.toIdle),
        jumpsWithoutRepaint: jumped.none,
      };
      const file = resolve(options.resultsDir, `${startedAt.slice(0, 16).replace(/[T:]/g, '-')}-hover.json`);
      writeFileSync(file, `${JSON.stringify(run, null, 1)}\n`);
      return { file, run };
    } finally {
      await browser.close();
    }
  } finally {
    await stopProcess(server);
  }
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

export function hoverTable(run: HoverRun): string {
  const row = (name: string, s: Summary) => `| ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`;
  return [
    '| measure (ms) | n | p50 | p95 | max |',
    '|---|---:|---:|---:|---:|',
    row('sweep: frame time (rAF delta)', run.sweepFrames),
    row('jump: mousemove to next repaint', run.jumpToRender),
    row('jump: mousemove to idle', run.jumpToIdle),
  ].join('\n');
}
