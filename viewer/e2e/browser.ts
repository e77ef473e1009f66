// Headless Chromium for the browser tests (the flags of shared/recipes/browser-e2e.md), page helpers to
// wait for the map, read canvas pixels, and collect console errors, and PNG artifacts of each flow.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { chromiumArgs, chromiumPath } from '@parcel-map/tileserver/system/chromium';

export const artifactsDir = resolve(repoRoot, 'test-artifacts/e2e');

/** Console messages the recipe lists as benign under SwiftShader. */
const benign = [/GPU stall due to ReadPixels/, /WebGL uniform block reflection failed/, /favicon\.ico/];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export async function openPage(
  browser: Browser,
  origin: string,
  options: { width?: number; height?: number } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1200, height: options.height ?? 800 },
    deviceScaleFactor: 1,
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // A failed resource's text names no URL ("Failed to load resource: … 404"): its location does, so the
    // browser's own favicon request is recognised by where it went.
    const where = message.location().url;
    if (message.type() === 'error' && !benign.some((b) => b.test(message.text()) || b.test(where)))
      errors.push(`console: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { context, page, errors };
}

/** Resolves once the map has rendered everything it needs (tiles loaded, no animation). */
export async function waitForIdle(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => Boolean(window.__map), undefined, { timeout });
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const map = window.__map!;
        map.once('idle', () => done());
        map.triggerRepaint();
      }),
    undefined,
  );
}

export async function screenshot(page: Page, name: string): Promise<Buffer> {
  mkdirSync(artifactsDir, { recursive: true });
  const png = await page.screenshot();
  writeFileSync(resolve(artifactsDir, `${name}.png`), png);
  return png;
}

/** RGB at a CSS pixel of a PNG taken with deviceScaleFactor 1. */
export function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = (png.width * Math.round(y) + Math.round(x)) * 4;
  return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
}

export function decode(buffer: Buffer): PNG {
  return PNG.sync.read(buffer);
}

/** Share of pixels in a box whose colour is within `tolerance` of `rgb`. */
export function colorShare(
  png: PNG,
  box: { x: number; y: number; w: number; h: number },
  rgb: [number, number, number],
  tolerance = 30,
): number {
  let hits = 0;
  let total = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const [r, g, b] = pixel(png, x, y);
      total++;
      if (Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) <= tolerance) hits++;
    }
  }
  return total === 0 ? 0 : hits / total;
}

export function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * The side navigation open (or closed), whatever it was: it opens by itself for paid and group users on
 * wide screens, so a blind click on its toggle could close it instead.
 */
export async function setSideNav(page: Page, open: boolean): Promise<void> {
  const isOpen = (await page.getByTestId('side-nav').count()) > 0;
  if (isOpen !== open) await page.getByTestId('nav-toggle').click();
  await page.getByTestId('side-nav').waitFor({ state: open ? 'visible' : 'detached' });
}
