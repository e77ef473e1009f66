import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';

const sql = testDb(2);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('preferences', () => {
  it('keeps a signed-in user’s preferences across a server restart (a new app instance)', async () => {
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('prefs'));
    const saved = await browser.post('/preferences.json', {
      data: {
        map_colors: { parcel_line: '#ff0000' },
        parcel_detail_preferences: { owner: false, yearbuilt: 'false', additional_items: ['zoning_type'] },
        zoom_in_reminder_dismissed: true,
      },
    });
    expect(saved.json).toEqual({ status: 'ok' });
    const restarted = new TestBrowser(createApp({ config: loadConfig({}), sql, logger: createLogger('silent') }));
    restarted.cookies = browser.cookies;
    expect((await restarted.get('/preferences.json?key=parcel_detail_preferences')).json).toEqual({
      status: 'ok',
      key: 'parcel_detail_preferences',
      value: { owner: false, yearbuilt: 'false', additional_items: ['zoning_type'] },
    });
    expect((await restarted.get('/preferences.json?key=zoom_in_reminder_dismissed')).json.value).toBe(true);
  });

  it('answers null to anonymous visitors and refuses their saves (they keep preferences in the browser)', async () => {
    const anonymous = new TestBrowser(app);
    expect((await anonymous.get('/preferences.json?key=map_colors')).json).toEqual({
      status: 'ok',
      key: 'map_colors',
      value: null,
    });
    expect((await anonymous.post('/preferences.json', { data: { units: 'metric' } })).status).toBe(401);
  });

  it('refuses unknown keys and wrong shapes with 400, and never shows one user another’s preferences', async () => {
    const alice = new TestBrowser(app);
    await alice.register(uniqueEmail('alice'));
    expect((await alice.post('/preferences.json', { data: { evil: 1 } })).status).toBe(400);
    expect((await alice.post('/preferences.json', { data: { units: 'furlongs' } })).status).toBe(400);
    expect((await alice.get('/preferences.json?key=nope')).status).toBe(400);
    await alice.post('/preferences.json', { data: { units: 'metric' } });
    const bob = new TestBrowser(app);
    await bob.register(uniqueEmail('bob'));
    expect((await bob.get('/preferences.json?key=units')).json.value).toBeNull();
  });

  it('answers every saved key at once without a key, and takes units as a distance and an area unit', async () => {
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('all-prefs'));
    expect((await browser.get('/preferences.json')).json).toEqual({ status: 'ok', data: {} });
    const units = { distance: 'kilometers', area: 'hectares' };
    expect(
      (await browser.post('/preferences.json', { data: { units, canada_fields_notice_dismissed: true } })).status,
    ).toBe(200);
    expect(
      (await browser.post('/preferences.json', { data: { units: { distance: 'furlongs', area: 'acres' } } })).status,
    ).toBe(400);
    expect((await browser.get('/preferences.json')).json).toEqual({
      status: 'ok',
      data: { units, canada_fields_notice_dismissed: true },
    });
    expect((await new TestBrowser(app).get('/preferences.json')).json).toEqual({ status: 'ok', data: {} });
  });
});
