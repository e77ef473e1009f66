// Every built-in tile source credits its data in its TileJSON, so a map client's attribution control
// can list the publishers of the layers it draws.
import { afterAll, describe, expect, it } from 'vitest';
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { builtInTileSources } from './tile-sources.ts';

const sql = testDb();
const app = createApp({ config: loadConfig(), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('the built-in tile sources', () => {
  it('each answer a TileJSON with a non-empty attribution naming who published the data', async () => {
    // An admin may read every built-in source, the site-control and admin-only layers included.
    const browser = await signedInAdmin(app, sql);
    const attributions: Record<string, unknown> = {};
    for (const source of builtInTileSources) {
      const res = await browser.get(`${source.path}?format=mvt`);
      expect(res.status, source.path).toBe(200);
      attributions[source.path] = res.json.attribution;
    }
    expect(Object.keys(attributions)).toEqual([
      '/api/v1/parcels',
      '/api/v1/static/fema',
      '/api/v1/static/wetlands',
      '/api/v1/zoning',
      '/api/v1/basemap',
      '/api/v1/layers/population',
      '/api/v1/layers/census-block-groups',
      '/api/v1/layers/census-blocks',
      '/api/v1/layers/open-space',
      '/api/v1/layers/land-cover',
      '/api/v1/layers/buildings',
      '/api/v1/layers/contours',
      '/api/v1/layers/spot-elevations',
      '/api/v1/layers/flood-2010',
    ]);
    for (const [path, attribution] of Object.entries(attributions)) {
      expect(typeof attribution, path).toBe('string');
      expect((attribution as string).trim().length, path).toBeGreaterThan(10);
    }
    expect(attributions['/api/v1/parcels']).toBe(dataAttribution.parcels);
    expect(attributions['/api/v1/parcels']).toContain('City of Cambridge GIS');
    expect(attributions['/api/v1/static/fema']).toContain('FEMA');
    expect(attributions['/api/v1/static/wetlands']).toContain('US Fish and Wildlife Service');
    expect(attributions['/api/v1/layers/population']).toContain('US Census Bureau');
    expect(attributions['/api/v1/layers/buildings']).toContain('City of Cambridge GIS');
  });
});
