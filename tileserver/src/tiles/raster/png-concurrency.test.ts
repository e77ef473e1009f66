// Security review 2, N9: PNG misses of distinct tiles share no render, and each costs up to a second of
// libvips/librsvg CPU at @2x. However many arrive together, at most `rasterAtOnce` are rasterised at
// once (the rest wait), and every one is still answered. The per-minute limit of PNG tiles is in
// http/route-gates.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { testDb } from '../../testing/db.ts';
import { TestBrowser } from '../../testing/http-client.ts';
import { lonLatToTile } from '../../testing/tiles.ts';
import { rasterAtOnce, rasterLoad } from './png-tile.ts';

const sql = testDb(3);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('rasterising PNG misses (security review 2, N9)', () => {
  it('N9: twelve distinct @2x PNG misses at once are rasterised at most two at a time, and all answered', async () => {
    const browser = new TestBrowser(app);
    // A fresh rule colour, so no earlier run's cache holds these tiles.
    const fill = `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;
    const made = await browser.post('/api/v1/sources', {
      query: { parcel: true, path: '/us/ma/middlesex/cambridge' },
      styles: [{ predicate: 'default', fill, line: '#000000' }],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const template = (made.json.raster_tiles as string[])[0]!;
    // Twelve z16 tiles around Harvard Square, each full of parcels.
    const centre = lonLatToTile(-71.119, 42.373, 16);
    const paths = Array.from({ length: 12 }, (_, i) => {
      const x = centre.x - 2 + (i % 4);
      const y = centre.y - 1 + Math.floor(i / 4);
      const url = new URL(template.replace('{z}', '16').replace('{x}', String(x)).replace('{y}.png', `${y}@2x.png`));
      return `${url.pathname}${url.search}`;
    });
    rasterLoad(true);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, rasterLoad().running)), 2);
    const answers = await Promise.all(
      paths.map((path) => app.request(path, {}, { incoming: { socket: { remoteAddress: '203.0.113.241' } } })),
    );
    clearInterval(watch);
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    expect(answers.every((res) => res.headers.get('content-type') === 'image/png')).toBe(true);
    expect(rasterAtOnce).toBe(2);
    // The semaphore's own high-water mark, and the sampled one.
    expect(rasterLoad().most).toBeLessThanOrEqual(rasterAtOnce);
    expect(rasterLoad().most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(rasterAtOnce);
  }, 120_000);
});
