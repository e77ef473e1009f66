// Browser tests of the catalogue-driven layers: a Pro user switches on each layer the server's catalogue
// adds over Cambridge in turn and sees it drawn, with its provenance in the panel and its legend on the
// map (screenshots at 1440 and 390 px); Free users and anonymous visitors see the upsell for a paid
// layer and cannot switch it on; an admin sees and draws the admin-only layers; the label tile chooser.
import { describe, expect, it } from 'vitest';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle, type TestPage } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

/** Central Cambridge (Central Square to Kendall) at zoom 15: buildings of the partial 2010 set, contours,
 * open space and every census layer fall inside the view even at 390 px wide. */
const view = '#base=street&map=15/42.372/-71.105';
const newLayers = [
  'population',
  'census-block-groups',
  'census-blocks',
  'open-space',
  'land-cover',
  'buildings',
  'contours',
];

/** The maplibre layer the generic catalogue layer draws an entry's features with. */
function drawLayerId(layer: CatalogueLayer): string {
  return `${layer.id}-${layer.geometry ?? 'fill'}`;
}

async function catalogue(tp: TestPage): Promise<CatalogueLayer[]> {
  return tp.page.evaluate(() => fetch('/api/v1/layers.json').then((r) => r.json()));
}

async function renderedCount(tp: TestPage, layerId: string): Promise<number> {
  return tp.page.evaluate((id) => window.__map!.queryRenderedFeatures({ layers: [id] }).length, layerId);
}

async function openLayers(tp: TestPage): Promise<void> {
  await tp.page.getByTestId('open-layers').click();
  await tp.page.getByTestId('layers-panel').waitFor();
}

describe('catalogue layers on the map', () => {
  // One test per layer (each its own page and timeout): the whole set in one test outlives a loaded CI machine.
  it.each(newLayers)(
    'draws the %s layer for a Pro user over Cambridge with its provenance and legend, at 1440 and 390 px',
    async (id) => {
      const h = harness();
      const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
      await signUpIn(tp.context, h.server.origin, 'pro');
      await tp.page.goto(`${h.server.origin}/${view}`);
      await waitForIdle(tp.page);
      const layer = (await catalogue(tp)).find((l) => l.id === id)!;
      expect(layer).toBeDefined();
      await openLayers(tp);
      await tp.page.getByTestId('toggle-legend-on-map').locator('input').check();
      await tp.page.getByTestId(`toggle-layer-${id}`).locator('input:enabled').check();
      await waitForIdle(tp.page);
      await expect.poll(() => renderedCount(tp, drawLayerId(layer)), { timeout: 20_000 }).toBeGreaterThan(0);
      // The entry names its source and licence; the legend on the map is this layer's.
      expect(await tp.page.getByTestId(`layer-provenance-${id}`).textContent()).toContain(
        `${layer.provenance!.publisher} · ${layer.provenance!.licence}`,
      );
      const legend = (await tp.page.getByTestId('map-legend').textContent()) ?? '';
      expect(legend).toContain(layer.name);
      expect(await tp.page.locator('[data-testid="map-legend"] .legend-list li').count()).toBe(layer.legend!.length);
      if (layer.note) expect(legend).toContain(layer.note);
      // Numeric ranges are written with thousands separators.
      if (id === 'population') expect(legend).toMatch(/\d,\d{3}/);
      await screenshot(tp.page, `map-layers-${id}-1440`);
      // The phone: the panel closed so the map and its legend show.
      await tp.page.getByRole('button', { name: 'Close Layers' }).click();
      await tp.page.setViewportSize({ width: 390, height: 800 });
      await waitForIdle(tp.page);
      await expect.poll(() => renderedCount(tp, drawLayerId(layer)), { timeout: 20_000 }).toBeGreaterThan(0);
      await screenshot(tp.page, `map-layers-${id}-390`);
      expect(tp.errors).toEqual([]);
      await tp.context.close();
    },
  );

  it('shows a Free user and an anonymous visitor the upsell for a paid layer, which cannot be switched on', async () => {
    const h = harness();
    for (const who of ['free', 'anonymous'] as const) {
      const tp = await openPage(h.browser, h.server.origin);
      if (who === 'free') await signUpIn(tp.context, h.server.origin, 'free');
      await tp.page.goto(`${h.server.origin}/${view}`);
      await waitForIdle(tp.page);
      const paid = (await catalogue(tp)).find((l) => l.access === 'paid')!;
      expect(paid).toBeDefined();
      await openLayers(tp);
      expect(await tp.page.getByTestId(`toggle-layer-${paid.id}`).locator('input').isDisabled()).toBe(true);
      const upsell = tp.page.getByTestId('layers-upsell');
      expect(await upsell.textContent()).toContain('Additional layers are available to Pro customers.');
      const link =
        who === 'free'
          ? { name: 'Upgrade to Pro', href: '/plans#p=level1' }
          : { name: 'Sign Up', href: '#signup-signin' };
      expect(await upsell.getByRole('link', { name: link.name }).getAttribute('href')).toBe(link.href);
      // Admin layers are not listed below admin.
      expect(await tp.page.getByTestId('layer-entry-spot-elevations').count()).toBe(0);
      await screenshot(tp.page, `map-layers-upsell-${who}`);
      expect(tp.errors).toEqual([]);
      await tp.context.close();
    }
  });

  it('lists the admin-only layers to an admin, who can draw them', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    const { password } = await createAdmin(h.server.sql, `e2e-layers-admin-${process.pid}@example.org`, 'Ada Admin');
    const res = await tp.page.request.post(`${h.server.origin}/users/sign_in.json`, {
      data: { email: `e2e-layers-admin-${process.pid}@example.org`, password },
    });
    expect(res.status()).toBe(200);
    await tp.page.goto(`${h.server.origin}/${view}`);
    await waitForIdle(tp.page);
    const entries = await catalogue(tp);
    const admin = entries.filter((l) => l.access === 'admin').map((l) => l.id);
    expect(admin).toEqual(expect.arrayContaining(['spot-elevations', 'flood-2010']));
    await openLayers(tp);
    for (const id of admin) await tp.page.getByTestId(`layer-entry-${id}`).waitFor();
    await tp.page.getByTestId('toggle-layer-spot-elevations').locator('input:enabled').check();
    await waitForIdle(tp.page);
    const spots = entries.find((l) => l.id === 'spot-elevations')!;
    await expect.poll(() => renderedCount(tp, drawLayerId(spots)), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(tp.page, 'map-layers-admin-spot-elevations');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('lets a Pro user choose a label tile, switch it off, and finds the choice kept after a reload', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    await signUpIn(tp.context, h.server.origin, 'pro');
    await tp.page.goto(`${h.server.origin}/#base=street&map=16/42.3736/-71.1097`);
    await waitForIdle(tp.page);
    const streets = () => renderedCount(tp, 'basemap-street-labels');
    const places = () => renderedCount(tp, 'places-label');
    await expect.poll(streets, { timeout: 15_000 }).toBeGreaterThan(0);
    await openLayers(tp);
    await tp.page.getByTestId('label-tile-places').locator('input:enabled').check();
    await waitForIdle(tp.page);
    expect(await streets()).toBe(0);
    await expect.poll(places, { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(tp.page, 'map-layers-label-tile-places');
    await tp.page.getByTestId('toggle-label-tile').locator('input').uncheck();
    await waitForIdle(tp.page);
    expect([await streets(), await places()]).toEqual([0, 0]);
    expect(await tp.page.getByTestId('label-tile-places').locator('input').isDisabled()).toBe(true);

    await tp.page.reload();
    await waitForIdle(tp.page);
    await openLayers(tp);
    expect(await tp.page.getByTestId('toggle-label-tile').locator('input').isChecked()).toBe(false);
    expect(await tp.page.getByTestId('label-tile-places').locator('input').isChecked()).toBe(true);
    expect(await streets()).toBe(0);
    await tp.page.getByTestId('toggle-label-tile').locator('input').check();
    await tp.page.getByTestId('label-tile-streets-places').locator('input:enabled').check();
    await waitForIdle(tp.page);
    await expect.poll(streets, { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(tp.page, 'map-layers-label-tile-streets');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
