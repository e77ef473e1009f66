// One test server and one Chromium per test file, plus the common flow: open a view and wait for it.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, waitForIdle, type TestPage } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface Harness {
  server: TestServer;
  browser: Browser;
}

/** `env` configures this file's own server (see startTestServer). */
export function useHarness(env: Record<string, string> = {}, options: { jobs?: boolean } = {}): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startTestServer(env, options), launchBrowser()]);
    harness = { server, browser };
  });
  afterAll(async () => {
    await harness?.browser.close();
    await harness?.server.close();
  });
  return () => {
    if (!harness) throw new Error('the e2e harness did not start');
    return harness;
  };
}

/** Opens the viewer at a path with a map view in the hash, and waits until the map is idle. */
export async function openView(
  h: Harness,
  view: { path?: string; zoom: number; lat: number; lon: number },
): Promise<TestPage> {
  const tp = await openPage(h.browser, h.server.origin);
  await tp.page.goto(`${h.server.origin}${view.path ?? '/'}#base=street&map=${view.zoom}/${view.lat}/${view.lon}`);
  await waitForIdle(tp.page);
  return tp;
}

/** Screen position of a longitude/latitude in the page. */
export function project(tp: TestPage, lonLat: [number, number]): Promise<{ x: number; y: number }> {
  return tp.page.evaluate((ll) => {
    const p = window.__map!.project(ll);
    const rect = window.__map!.getCanvas().getBoundingClientRect();
    return { x: p.x + rect.left, y: p.y + rect.top };
  }, lonLat);
}
