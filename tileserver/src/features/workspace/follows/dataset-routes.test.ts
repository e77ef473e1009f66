// Followed datasets: a user follows a stored source or a catalogue layer, shows it on the map and
// removes it (kept per user, as a reload reads it), unfollows it like any follow; showing a deleted
// source fails; dataset follows count toward the plan's follows limit; other users never see them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'datasets-test-')), FOLLOW_LIMIT_FREE: '2' });
const sql = testDb(3);
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

async function zoningSource(browser: TestBrowser, code: string): Promise<string> {
  const made = await browser.post('/api/v1/sources', { query: { zoning: true, filters: { zoning: [code] } } });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return made.json.id as string;
}

describe('followed datasets', () => {
  it('follows a stored source and a catalogue layer, shows and removes them on the map, and unfollows', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const id = await zoningSource(browser, 'BA');
    const source = await browser.post('/profile/datasets.json', { dataset: `source:${id}` });
    expect(source.status, JSON.stringify(source.json)).toBe(201);
    expect(source.json.dataset).toMatchObject({
      dataset: `source:${id}`,
      kind: 'source',
      layer: 'zoning',
      on_map: false,
      available: true,
      tilejson: `/api/v1/sources/${id}.json`,
    });
    const layer = await browser.post('/profile/datasets.json', { dataset: 'layer:wetlands' });
    expect(layer.status).toBe(201);
    expect(layer.json.dataset).toMatchObject({ kind: 'layer', layer: 'wetlands', tilejson: null });
    // Following again is not a second follow.
    expect((await browser.post('/profile/datasets.json', { dataset: 'layer:wetlands' })).status).toBe(200);

    const shown = await browser.put(`/profile/datasets/${source.json.dataset.id}.json`, { on_map: true });
    expect(shown.status).toBe(200);
    expect(shown.json.dataset.on_map).toBe(true);
    // What a reload reads: the list remembers the choice.
    const list = await browser.get('/profile/datasets.json');
    expect(list.json.datasets.map((d: { dataset: string; on_map: boolean }) => [d.dataset, d.on_map])).toEqual([
      ['layer:wetlands', false],
      [`source:${id}`, true],
    ]);
    // Places and bookmarks lists leave datasets out; the follows count includes them.
    expect((await browser.get('/profile/follows/slim.json')).json.follows).toEqual([]);
    expect((await browser.get('/profile/follows.json')).json.total_count).toBe(2);

    const removed = await browser.put(`/profile/datasets/${source.json.dataset.id}.json`, { on_map: false });
    expect(removed.json.dataset.on_map).toBe(false);
    expect((await browser.request('DELETE', `/notify/follows/${layer.json.dataset.id}.json`)).status).toBe(200);
    expect((await browser.get('/profile/datasets.json')).json.datasets).toHaveLength(1);
  });

  it('refuses to show a source that no longer exists, but still removes it from the map', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const id = await zoningSource(browser, 'C-1');
    const followed = await browser.post('/profile/datasets.json', { dataset: `source:${id}` });
    await browser.put(`/profile/datasets/${followed.json.dataset.id}.json`, { on_map: true });
    await sql`DELETE FROM tile_sources WHERE id = ${id}`;
    const shown = await browser.put(`/profile/datasets/${followed.json.dataset.id}.json`, { on_map: true });
    expect(shown.status).toBe(404);
    expect(shown.json.error).toMatchObject({ code: 'NOT_FOUND', message: 'This dataset no longer exists' });
    expect((await browser.get('/profile/datasets.json')).json.datasets[0]).toMatchObject({ available: false });
    const removed = await browser.put(`/profile/datasets/${followed.json.dataset.id}.json`, { on_map: false });
    expect(removed.status).toBe(200);
  });

  it('answers unknown datasets, bad bodies and other users with 404 or 400', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    for (const dataset of ['layer:nope', `source:${'0'.repeat(20)}`]) {
      const res = await browser.post('/profile/datasets.json', { dataset });
      expect(res.status).toBe(404);
      expect(res.json.error).toMatchObject({ code: 'NOT_FOUND', message: 'No such dataset' });
    }
    for (const body of [{ dataset: 'parcels' }, { dataset: 'layer:Wetlands!' }, {}]) {
      const res = await browser.post('/profile/datasets.json', body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('BAD_REQUEST');
    }
    const followed = await browser.post('/profile/datasets.json', { dataset: 'layer:flood' });
    expect((await browser.put(`/profile/datasets/${followed.json.dataset.id}.json`, { on_map: 'yes' })).status).toBe(
      400,
    );
    const { browser: other } = await signedInUser(app, sql, 'pro');
    expect((await other.put(`/profile/datasets/${followed.json.dataset.id}.json`, { on_map: true })).status).toBe(404);
    expect((await other.get('/profile/datasets.json')).json.datasets).toEqual([]);
    expect((await new TestBrowser(app).get('/profile/datasets.json')).status).toBe(401);
  });

  it('counts dataset follows toward the plan’s follows limit', async () => {
    const { browser } = await signedInUser(app, sql, 'free');
    expect((await browser.post('/profile/datasets.json', { dataset: 'layer:flood' })).status).toBe(201);
    expect((await browser.post('/profile/datasets.json', { dataset: 'layer:zoning' })).status).toBe(201);
    const full = await browser.post('/profile/datasets.json', { dataset: 'layer:wetlands' });
    expect(full.status).toBe(409);
    expect(full.json.error.message).toContain('Your plan allows 2 follows');
  });
});
