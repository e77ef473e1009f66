import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { autocomplete } from './filter-queries.ts';

const sql = testDb();
const config = loadConfig({ ADMIN_TOKEN: 'test-admin-token-of-at-least-32-chars' });
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
const get = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, json: await res.json() };
};
const keys = (body: { filters: { key: string }[] }) => body.filters.map((f) => f.key);

describe('filters per source', () => {
  it('lists the parcel columns with labels, range flags and checkboxes', async () => {
    const { status, json } = await get('/sources/parcel/filters.json');
    expect(status).toBe(200);
    const byKey = new Map(json.filters.map((f: { key: string }) => [f.key, f]));
    expect(byKey.get('yearbuilt')).toMatchObject({
      key: 'yearbuilt',
      label: 'Year Built',
      range: true,
      checkboxes: null,
    });
    expect(byKey.get('owner')).toMatchObject({ label: 'Owner', range: false, checkboxes: null });
    expect(byKey.get('struct')).toMatchObject({ range: false, checkboxes: ['Yes', 'No'] });
    expect(byKey.get('qoz')).toMatchObject({ checkboxes: ['Yes', 'No'] });
  });

  it('offers premium columns only to callers whose plan can read them', async () => {
    const anonymous = keys((await get('/sources/parcel/filters.json')).json);
    expect(anonymous).not.toContain('zoning_type');
    expect(anonymous).not.toContain('median_household_income');
    const { browser } = await signedInUser(app, sql, 'pro');
    const pro = keys((await browser.get('/sources/parcel/filters.json')).json);
    expect(pro).toContain('zoning_type');
    expect(pro).not.toContain('median_household_income');
    const admin = keys((await get(`/sources/parcel/filters.json?token=${config.ADMIN_TOKEN}`)).json);
    expect(admin).toContain('median_household_income');
  });

  it('answers filters for a place path and 404 for an unknown place or source', async () => {
    const place = await get(`${cambridge}/filters.json`);
    expect(place.status).toBe(200);
    expect(place.json).toMatchObject({ source: 'parcel', path: cambridge });
    expect(keys(place.json)).toContain('yearbuilt');
    expect((await get('/us/ma/middlesex/atlantis/filters.json')).status).toBe(404);
    expect((await get('/sources/buildings/filters.json')).status).toBe(404);
    expect((await get('/sources/0123456789abcdef0123/filters.json')).status).toBe(404);
  });

  it('answers filters for a stored source id scoped to its place', async () => {
    const res = await app.request('/api/v1/sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: { parcel: true, path: cambridge } }),
    });
    const { id } = await res.json();
    const { status, json } = await get(`/sources/${id}/filters.json`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ source: id, path: cambridge });
  });

  it('lists the sources of a place', async () => {
    const { status, json } = await get(`${cambridge}/sources.json`);
    expect(status).toBe(200);
    expect(json.sources[0]).toMatchObject({ id: 'parcel', name: 'Parcels' });
  });
});

describe('autocomplete', () => {
  it('suggests distinct values of a column that start with the query within the place', async () => {
    const [sample] = await sql<
      { scity: string }[]
    >`SELECT scity FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND scity <> '' LIMIT 1`;
    const prefix = sample!.scity.slice(0, 2);
    const { status, json } = await get(
      `/sources/parcel/autocomplete.json?key=scity&query=${encodeURIComponent(prefix.toLowerCase())}&filter_path=${cambridge}`,
    );
    expect(status).toBe(200);
    const expected = await sql<{ v: string }[]>`
      SELECT DISTINCT scity AS v FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND scity ILIKE ${`${prefix}%`} ORDER BY 1 LIMIT 20`;
    expect([...json.suggestions].sort()).toEqual(expected.map((r) => r.v).sort());
    expect(json.suggestions).toContain(sample!.scity);
    expect(new Set(json.suggestions).size).toBe(json.suggestions.length);
  });

  it('suggests nothing from another place', async () => {
    const [other] = await sql<{ path: string; owner: string }[]>`
      SELECT path, owner FROM parcels WHERE path NOT LIKE ${`${cambridge}/%`} AND owner <> '' AND upper(owner) NOT IN (SELECT upper(owner) FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND owner IS NOT NULL) LIMIT 1`;
    if (!other) return; // The fixtures hold only Cambridge.
    const { json } = await get(
      `/sources/parcel/autocomplete.json?key=owner&query=${encodeURIComponent(other.owner)}&filter_path=${cambridge}`,
    );
    expect(json.suggestions).not.toContain(other.owner);
  });

  it('refuses unknown and premium keys for callers without the plan', async () => {
    expect((await get('/sources/parcel/autocomplete.json?key=nope&query=a')).status).toBe(400);
    expect((await get('/sources/parcel/autocomplete.json?query=a')).status).toBe(400);
    expect((await get('/sources/parcel/autocomplete.json?key=zoning_type&query=R')).status).toBe(403);
    expect((await get('/sources/parcel/autocomplete.json?key=owner&query=a&filter_path=not-a-path')).status).toBe(400);
  });

  it('treats LIKE wildcards and quotes in the query as plain text', async () => {
    const wild = await get(
      `/sources/parcel/autocomplete.json?key=owner&query=${encodeURIComponent('%')}&filter_path=${cambridge}`,
    );
    expect(wild.status).toBe(200);
    expect(wild.json.suggestions.every((v: string) => v.startsWith('%'))).toBe(true);
    const quote = await get(
      `/sources/parcel/autocomplete.json?key=owner&query=${encodeURIComponent("x'; DROP TABLE parcels; --")}`,
    );
    expect(quote.status).toBe(200);
    expect(quote.json.suggestions).toEqual([]);
  });

  it('sends the typed value and the place to PostgreSQL as bound parameters, never in the SQL text', async () => {
    const seen: { text: string; params: unknown[] }[] = [];
    const spy = postgres(inject('databaseUrl'), {
      max: 1,
      debug: (_c, text, params) => seen.push({ text, params }),
    }) as unknown as Sql;
    try {
      const marker = "Zq'marker%_";
      await autocomplete(spy, 'owner', marker, cambridge);
      const statement = seen.find((s) => s.text.includes('FROM parcels'));
      expect(statement).toBeDefined();
      expect(statement!.text).not.toContain('marker');
      expect(statement!.text).not.toContain(cambridge);
      // The owner search also reads the typed text itself, for its grouping key (owner_key).
      expect(statement!.params).toEqual(["Zq'marker\\%\\_%", cambridge, marker]);
    } finally {
      await spy.end();
    }
  });
});
