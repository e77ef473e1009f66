// Browser tests of the tools: a measured distance agrees with PostGIS's geodesic distance within 1%.
import { describe, expect, it } from 'vitest';
import { screenshot, waitForIdle } from './browser.ts';
import { openView, project, useHarness } from './harness.ts';

const harness = useHarness();
const a: [number, number] = [-71.1145, 42.3725];
const b: [number, number] = [-71.1055, 42.3775];

describe('tools', () => {
  it('measures the distance between two known points within 1% of the geodesic distance', async () => {
    const h = harness();
    const [row] = await h.server.sql<{ meters: number }[]>`
      SELECT ST_Distance(ST_MakePoint(${a[0]}, ${a[1]})::geography, ST_MakePoint(${b[0]}, ${b[1]})::geography, true) AS meters`;
    const tp = await openView(h, { zoom: 15, lat: (a[1] + b[1]) / 2, lon: (a[0] + b[0]) / 2 });
    await tp.page.getByTestId('open-tools').click();
    await tp.page.getByTestId('tool-measureDistance').click();
    for (const point of [a, b]) {
      const p = await project(tp, point);
      await tp.page.mouse.click(p.x, p.y);
      await tp.page.waitForTimeout(350); // two clicks apart, so they are not a double click
    }
    await tp.page.getByTestId('tool-finish').click();
    const result = tp.page.getByTestId('tool-result');
    const meters = Number(await result.getAttribute('data-meters'));
    expect(Math.abs(meters - row!.meters) / row!.meters).toBeLessThan(0.01);
    // Miles by default, as shown to the user.
    const miles = Number((await result.textContent())!.replace(/[^0-9.]/g, ''));
    expect(Math.abs(miles * 1609.344 - row!.meters) / row!.meters).toBeLessThan(0.01);
    expect(await result.textContent()).toMatch(/ mi$/);
    await waitForIdle(tp.page);
    await screenshot(tp.page, 'tools-measure-distance');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
