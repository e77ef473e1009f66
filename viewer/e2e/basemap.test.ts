// Browser tests of the street basemap and zoning: the default map draws our streets, street names,
// water and place names with no request leaving our origin; a Pro user switches zoning on, sees the
// districts in their type colour and the legend; the parcel pane shows the parcel's zoning.
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { colorShare, decode, openPage, screenshot, waitForIdle } from './browser.ts';
import { openView, project, useHarness } from './harness.ts';

const harness = useHarness();

const rendered = (tp: { page: import('playwright-core').Page }, layers: string[]) =>
  tp.page.evaluate(
    (ids) =>
      window
        .__map!.queryRenderedFeatures({ layers: ids.filter((id) => window.__map!.getLayer(id)) })
        .map((f) => ({ layer: f.layer.id, ...f.properties }) as Record<string, unknown>),
    layers,
  );

describe('the street basemap', () => {
  it('draws streets with their names, water and place names from our own server only', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const foreign: string[] = [];
    tp.page.on('request', (request) => {
      if (
        !request.url().startsWith(h.server.origin) &&
        !request.url().startsWith('data:') &&
        !request.url().startsWith('blob:')
      )
        foreign.push(request.url());
    });
    // Central Cambridge at zoom 16: Cambridge St, Broadway and the side streets.
    await tp.page.goto(`${h.server.origin}/#base=street&map=16/42.3736/-71.1097`);
    await waitForIdle(tp.page);
    const streets = await rendered(tp, [
      'basemap-streets-primary',
      'basemap-streets-secondary',
      'basemap-streets-minor',
    ]);
    expect(new Set(streets.map((s) => s.class))).toEqual(new Set(['primary', 'secondary', 'minor']));
    // Street names are placed along the lines: the glyphs came from our font route.
    const labels = await rendered(tp, ['basemap-street-labels']);
    expect(labels.length).toBeGreaterThan(3);
    expect(labels.map((l) => l.name)).toEqual(expect.arrayContaining([expect.stringMatching(/ (St|Ave)$/)]));
    // Place names (the neighbourhood's) are drawn with the same glyphs. They come from the places request the
    // app makes once it is wired to the map, which may still be in flight at the map's first idle.
    await expect
      .poll(async () => (await rendered(tp, ['places-label'])).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const png = decode(await screenshot(tp.page, 'basemap-streets'));
    // White street fill covers a visible share of the view (the land colour is #eceee6).
    expect(colorShare(png, { x: 0, y: 0, w: 1200, h: 800 }, [255, 255, 255], 6)).toBeGreaterThan(0.03);

    // Fresh Pond: water, drawn blue.
    await tp.page.evaluate(() => window.__map!.jumpTo({ center: [-71.1466, 42.3858], zoom: 15 }));
    await waitForIdle(tp.page);
    expect((await rendered(tp, ['basemap-water'])).length).toBeGreaterThan(0);
    const water = decode(await screenshot(tp.page, 'basemap-water'));
    expect(colorShare(water, { x: 0, y: 0, w: 1200, h: 800 }, [169, 207, 232], 20)).toBeGreaterThan(0.05);
    expect(foreign).toEqual([]);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});

describe('zoning', () => {
  it("draws the zoning districts in their type colour with the legend, and shows a parcel's zoning in its pane", async () => {
    const h = harness();
    // A Cambridge parcel well inside a residential district.
    const [parcel] = await h.server.sql<
      { path: string; lon: number; lat: number; zoning: string; zoning_type: string }[]
    >`
      SELECT p.path, ST_X(ST_PointOnSurface(p.geom)) AS lon, ST_Y(ST_PointOnSurface(p.geom)) AS lat, p.zoning, p.zoning_type
      FROM parcels p JOIN zoning_districts z ON ST_Within(p.geom, z.geom)
      WHERE p.source = 'cambridge_parcels_fy2014' AND z.zoning = 'C-1' AND p.address IS NOT NULL
      ORDER BY ST_Area(p.geom) DESC LIMIT 1`;
    expect(parcel).toMatchObject({ zoning: 'C-1', zoning_type: 'Residential' });
    const tp = await openPage(h.browser, h.server.origin);
    await signUpIn(tp.context, h.server.origin, 'pro');
    await tp.page.goto(`${h.server.origin}${parcel!.path}#base=street&map=17/${parcel!.lat}/${parcel!.lon}`);
    await waitForIdle(tp.page);
    await tp.page.getByTestId('open-layers').click();
    await tp.page.getByTestId('toggle-layer-zoning').locator('input:enabled').check();
    await waitForIdle(tp.page);
    const point = await project(tp, [parcel!.lon, parcel!.lat]);
    const hits = await tp.page.evaluate(
      (p) => window.__map!.queryRenderedFeatures([p.x, p.y], { layers: ['zoning-fill'] }).map((f) => f.properties),
      point,
    );
    expect(hits).toEqual([
      expect.objectContaining({ zoning: 'C-1', zoning_type: 'Residential', zoning_name: 'Residence C-1 District' }),
    ]);
    await screenshot(tp.page, 'zoning-layer');

    await tp.page.getByTestId('open-legend').click();
    const legend = await tp.page.getByTestId('legend-entries').textContent();
    for (const type of [
      'Zoning',
      'Residential',
      'Commercial',
      'Special',
      'Mixed',
      'Planned',
      'Agriculture',
      'Industrial',
      'Overlay',
    ])
      expect(legend).toContain(type);

    // The pane's zoning group: code, description and (Pro) the standardized type.
    const group = tp.page.getByTestId('group-zoning');
    await group.waitFor({ timeout: 30_000 });
    await expect.poll(() => group.textContent(), { timeout: 30_000 }).toContain('C-1');
    const text = await group.textContent();
    expect(text).toContain('Residence C-1 District: Multifamily dwellings');
    expect(text).toContain('Residential');
    expect(text).not.toContain('No Zoning Data Available');
    await screenshot(tp.page, 'zoning-pane');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('says No Zoning Data Available for a parcel without zoning', async () => {
    const h = harness();
    const [parcel] = await h.server.sql<{ path: string; lon: number; lat: number }[]>`
      SELECT path, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat FROM parcels
      WHERE source = 'somerville_parcels_2017' AND zoning IS NULL AND usecode IS NULL LIMIT 1`;
    const tp = await openView(h, { path: parcel!.path, zoom: 18, lat: parcel!.lat, lon: parcel!.lon });
    const notice = tp.page.getByTestId('zoning-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toBe('No Zoning Data Available');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
