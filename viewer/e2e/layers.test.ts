// Browser tests of additional layers: flood zones drawn in their legend colour over a known AE area, for
// a signed-in Pro user (the flood and wetland tiles are for site control only), and the attribution
// control crediting the sources of the layers in view.
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { decode, openPage, screenshot, waitForIdle } from './browser.ts';
import { project, useHarness } from './harness.ts';

const harness = useHarness();

describe('additional layers', () => {
  it('draws the AE flood colour over a known AE area, lists the zones in the legend and credits FEMA while the layer is on', async () => {
    const h = harness();
    // A point well inside the largest current (2025) AE polygon, away from its edges.
    const [ae] = await h.server.sql<{ lon: number; lat: number }[]>`
      SELECT ST_X(p) AS lon, ST_Y(p) AS lat FROM (
        SELECT ST_PointOnSurface(ST_Buffer(geom::geography, -30)::geometry) AS p
        FROM flood_zones WHERE fld_zone = 'AE' AND source NOT LIKE '%legacy%' ORDER BY ST_Area(geom) DESC LIMIT 1) s`;
    expect(ae).toBeDefined();
    const tp = await openPage(h.browser, h.server.origin);
    await signUpIn(tp.context, h.server.origin, 'pro');
    await tp.page.goto(`${h.server.origin}/#base=street&map=16/${ae!.lat}/${ae!.lon}`);
    await waitForIdle(tp.page);
    // The attribution control names the parcel data's publishers, and no flood source while flood is off.
    const attribution = () => tp.page.locator('.maplibregl-ctrl-attrib-inner').textContent();
    const before = await attribution();
    expect(before).toContain('Parcels: City of Cambridge GIS, City of Somerville, MassGIS');
    expect(before).toContain('Statistics Canada');
    expect(before).not.toContain('FEMA');
    await tp.page.getByTestId('open-layers').click();
    // Enabled once the session says Pro.
    await tp.page.getByTestId('toggle-layer-flood').locator('input:enabled').check();
    await waitForIdle(tp.page);
    expect(await attribution()).toContain('Flood zones: FEMA National Flood Hazard Layer');
    expect(await attribution()).toContain('Parcels: City of Cambridge GIS');

    const point = await project(tp, [ae!.lon, ae!.lat]);
    const zones = await tp.page.evaluate(
      (p) =>
        window.__map!.queryRenderedFeatures([p.x, p.y], { layers: ['flood-fill'] }).map((f) => f.properties.fld_zone),
      point,
    );
    expect(zones).toContain('AE');
    const png = decode(await screenshot(tp.page, 'flood-ae'));
    // Light blue at 0.7 opacity: clearly blue, whatever lies under it (count a 12 px box, lines aside).
    let blue = 0;
    for (let dy = -6; dy < 6; dy++)
      for (let dx = -6; dx < 6; dx++) {
        const i = (png.width * Math.round(point.y + dy) + Math.round(point.x + dx)) * 4;
        const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
        if (b - r > 40 && b > 180) blue++;
      }
    expect(blue).toBeGreaterThan(72);

    await tp.page.getByTestId('open-legend').click();
    const legend = await tp.page.getByTestId('legend-entries').textContent();
    expect(legend).toContain('FEMA Flood Zones');
    expect(legend).toContain('AE');
    expect(legend).toContain('X');
    await screenshot(tp.page, 'flood-legend');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
