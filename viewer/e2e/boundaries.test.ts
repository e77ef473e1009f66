// Issue 27, item 1: at city zooms no generalised state or county line crosses Cambridge. The county
// and state lines the map actually rendered (queryRenderedFeatures on the basemap's boundaries layer)
// are measured in PostGIS against Cambridge's own outline shrunk by three pixels; screenshots at z12
// and z13, desktop and phone width, go to test-artifacts/e2e/.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { openView, useHarness } from './harness.ts';

const harness = useHarness();
const cambridge = '/us/ma/middlesex/cambridge';

describe('place boundaries on the street basemap', () => {
  for (const [label, width, height] of [
    ['desktop', 1200, 800],
    ['phone', 390, 844],
  ] as const) {
    it(`I27.1: at zoom 12 and 13 over Cambridge (${label}) no state or county line crosses the city's interior`, async () => {
      const h = harness();
      const tp = await openPage(h.browser, h.server.origin, { width, height });
      for (const zoom of [12, 13]) {
        await tp.page.goto(`${h.server.origin}/#base=street&map=${zoom}/42.3736/-71.1097`);
        await waitForIdle(tp.page);
        const lines = await tp.page.evaluate(() =>
          window
            .__map!.queryRenderedFeatures({ layers: ['basemap-boundaries'] })
            .map((f) => ({ kind: String(f.properties.kind), name: String(f.properties.name), geometry: f.geometry })),
        );
        await screenshot(tp.page, `boundaries-cambridge-z${zoom}-${label}`);
        // The city's own outline is drawn: the measurement below is of a map that shows boundaries at all.
        expect(
          lines.some((l) => l.kind === 'city' && l.name === 'Cambridge'),
          `z${zoom}`,
        ).toBe(true);
        const outer = lines.filter((l) => l.kind === 'county' || l.kind === 'state');
        // Three pixels at this zoom and latitude, in metres.
        const pixel = (40075016.686 * Math.cos((42.3736 * Math.PI) / 180)) / 512 / 2 ** zoom;
        const [row] = await h.server.sql<{ metres: number }[]>`
          SELECT coalesce(sum(ST_Length(ST_Intersection(ST_GeomFromGeoJSON(l), inner_city)::geography)), 0)::float8 AS metres
          FROM (SELECT ST_Buffer(geom::geography, ${-3 * pixel})::geometry AS inner_city FROM places WHERE path = ${cambridge}) c,
               unnest(${outer.map((l) => JSON.stringify(l.geometry))}::text[]) AS l`;
        expect(row!.metres, `z${zoom} ${label}: metres of county or state line inside Cambridge`).toBeLessThan(pixel);
      }
      expect(tp.errors).toEqual([]);
      await tp.context.close();
    });
  }

  it('still draws the Middlesex/Suffolk line outside the cities at zoom 12', async () => {
    const h = harness();
    // Over the Charles between Cambridge and Boston: the county line runs in the river.
    const tp = await openView(h, { zoom: 12, lat: 42.356, lon: -71.09 });
    const kinds = await tp.page.evaluate(() =>
      window
        .__map!.queryRenderedFeatures({ layers: ['basemap-boundaries'] })
        .map((f) => `${f.properties.kind}:${f.properties.name}`),
    );
    expect(kinds).toEqual(expect.arrayContaining(['county:Middlesex', 'county:Suffolk']));
    await tp.context.close();
  });
});
