// Browser tests of a third-party client: a plain maplibre-gl page served by a second local HTTP server
// (another origin) loads our parcel TileJSON, then our default style, and sees parcels drawn. This
// works only with CORS on the TileJSON, tiles, style, glyphs and sprite.
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
const maplibreDist = resolve(import.meta.dirname, '../../node_modules/maplibre-gl/dist');
let other: Server;
let otherOrigin = '';

/** The page: maplibre from the second server, a style given in the query (a URL or inline JSON). */
const page = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/maplibre-gl.css">
<style>html,body,#map{margin:0;width:100%;height:100%}</style></head><body><div id="map"></div>
<script type="module">
import { Map } from '/maplibre-gl.mjs';
const params = new URLSearchParams(location.search);
const style = params.get('styleUrl') ?? JSON.parse(params.get('style'));
window.__errors = [];
const map = new Map({ container: 'map', style, center: [-71.1097, 42.3736], zoom: 16, fadeDuration: 0, canvasContextAttributes: { preserveDrawingBuffer: true } });
map.on('error', (e) => window.__errors.push(String(e.error?.message ?? e.error)));
map.on('idle', () => { window.__idle = true; });
window.__map = map;
</script></body></html>`;

beforeAll(async () => {
  other = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const file = /^\/(maplibre-gl[\w-]*\.(mjs|css))$/.exec(path)?.[1];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file.endsWith('.css') ? 'text/css' : 'text/javascript' });
    createReadStream(join(maplibreDist, file)).pipe(res);
  });
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
  const address = other.address();
  otherOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((done) => other.close(() => done())));

async function open(query: Record<string, string>) {
  const h = harness();
  // localhost vs 127.0.0.1 would also be cross-origin; the ports differ anyway.
  expect(otherOrigin).not.toBe(h.server.origin);
  const tp = await openPage(h.browser, otherOrigin);
  await tp.page.goto(`${otherOrigin}/?${new URLSearchParams(query)}`);
  await tp.page.waitForFunction(() => (window as unknown as { __idle?: boolean }).__idle === true, undefined, {
    timeout: 60_000,
  });
  return tp;
}

const drawn = (tp: Awaited<ReturnType<typeof open>>, layers: string[]) =>
  tp.page.evaluate((ids) => window.__map!.queryRenderedFeatures({ layers: ids }).length, layers);
const errors = (tp: Awaited<ReturnType<typeof open>>) =>
  tp.page.evaluate(() => (window as unknown as { __errors: string[] }).__errors);

describe('a maplibre page on another origin', () => {
  it('loads our parcel TileJSON and draws the parcels', async () => {
    const origin = harness().server.origin;
    const style = {
      version: 8,
      sources: { parcels: { type: 'vector', url: `${origin}/api/v1/parcels?format=mvt&token=public` } },
      layers: [
        { id: 'bg', type: 'background', paint: { 'background-color': '#ffffff' } },
        {
          id: 'parcel-lines',
          type: 'line',
          source: 'parcels',
          'source-layer': 'parcels',
          paint: { 'line-color': '#ff00ff', 'line-width': 2 },
        },
      ],
    };
    const tp = await open({ style: JSON.stringify(style) });
    expect(await drawn(tp, ['parcel-lines'])).toBeGreaterThan(20);
    await screenshot(tp.page, 'third-party-tilejson');
    expect(await errors(tp)).toEqual([]);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('loads our default style.json and draws the basemap, street names and parcels', async () => {
    const origin = harness().server.origin;
    const tp = await open({ styleUrl: `${origin}/api/v1/styles/default.json?token=public` });
    expect(await drawn(tp, ['parcels-line'])).toBeGreaterThan(20);
    expect(await drawn(tp, ['basemap-streets-minor', 'basemap-streets-secondary'])).toBeGreaterThan(0);
    expect(await drawn(tp, ['basemap-street-labels'])).toBeGreaterThan(0);
    expect(await drawn(tp, ['zoning-fill'])).toBeGreaterThan(0);
    await screenshot(tp.page, 'third-party-style');
    expect(await errors(tp)).toEqual([]);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
