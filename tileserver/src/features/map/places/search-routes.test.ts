import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { likeEscape } from '../../../db/like.ts';
import type { SearchResult } from '@parcel-map/contracts/map/places';

const sql = testDb();
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

type Result = SearchResult;

async function search(query: string): Promise<{ status: number; results: Result[]; body: any }> {
  const res = await app.request(`/search.json?${query}`);
  const body = await res.json();
  return { status: res.status, results: body.results, body };
}

describe('GET /search.json', () => {
  it("finds Cambridge first for 'camb', places before parcels, at most 33 results", async () => {
    const { status, results } = await search('q=camb');
    expect(status).toBe(200);
    expect(results[0]).toMatchObject({
      kind: 'place',
      path: '/us/ma/middlesex/cambridge',
      name: 'Cambridge',
      headline: 'Cambridge, MA',
      headline_alt: 'Cambridge, Middlesex County, MA',
    });
    const [w, s, e, n] = results[0]!.bbox!;
    const [lon, lat] = results[0]!.center;
    expect(lon).toBeGreaterThan(w);
    expect(lon).toBeLessThan(e);
    expect(lat).toBeGreaterThan(s);
    expect(lat).toBeLessThan(n);
    // Many Cambridge addresses contain CAMBRIDGE (Cambridge St, Cambridge Ter...): the limit bites.
    expect(results).toHaveLength(33);
    const kinds = results.map((r) => r.kind);
    expect(kinds.indexOf('parcel')).toBeGreaterThan(kinds.lastIndexOf('place'));
  });

  it('finds parcels by address and by parcel number', async () => {
    const byAddress = await search('q=23%20rockwell');
    const rockwell = byAddress.results.find((r) => r.kind === 'parcel' && r.name === '23 ROCKWELL ST');
    expect(rockwell).toBeDefined();
    expect(rockwell!.path).toMatch(/^\/us\/ma\/middlesex\/cambridge\/\d+$/);
    expect(rockwell!.headline).toBe('23 ROCKWELL ST, Cambridge, MA');
    const byNumber = await search('q=127-123');
    expect(byNumber.results.find((r) => r.kind === 'parcel')?.path).toBe(rockwell!.path);
  });

  it('answers a street name with the street (its extent, a point on it, its city) before its parcels', async () => {
    const { status, results } = await search('q=harvard&near=-71.1097,42.3736');
    expect(status).toBe(200);
    expect(results[0]).toMatchObject({
      kind: 'street',
      name: 'Harvard St',
      headline: 'Harvard St, Cambridge, MA',
      path: '/us/ma/middlesex/cambridge/streets/harvard-st',
    });
    const [w, s, e, n] = results[0]!.bbox!;
    const [lon, lat] = results[0]!.center;
    expect(e - w).toBeGreaterThan(0.005);
    expect(lon).toBeGreaterThanOrEqual(w);
    expect(lon).toBeLessThanOrEqual(e);
    expect(lat).toBeGreaterThanOrEqual(s);
    expect(lat).toBeLessThanOrEqual(n);
    // Counties spelled like it (Hardy, Hardee, Hardin) are fuzzy matches: after every whole-word one.
    const firstFuzzy = results.findIndex((r) => r.kind === 'place' && /^Hard/.test(r.name));
    const lastWhole = results.map((r) => /harvard/i.test(r.name)).lastIndexOf(true);
    if (firstFuzzy >= 0) expect(firstFuzzy).toBeGreaterThan(lastWhole);
    expect(results.slice(1).some((r) => r.kind === 'parcel' && r.name.endsWith('HARVARD ST'))).toBe(true);
  });

  it('answers 400 for a near that is not lon,lat in degrees', async () => {
    for (const near of ['x', '1', '1,2,3', '200,40', '-71,95', ',']) {
      const { status, body } = await search(`q=harvard&near=${encodeURIComponent(near)}`);
      expect(status, near).toBe(400);
      expect(body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'near must be lon,lat in degrees' });
    }
    expect((await search('q=harvard&near=')).status).toBe(200);
  });

  it('filters by country', async () => {
    const us = await search('q=middlesex&country=us');
    expect(us.results.some((r) => r.path === '/us/ma/middlesex')).toBe(true);
    const ca = await search('q=middlesex&country=ca');
    expect(ca.results.every((r) => r.path.startsWith('/ca/'))).toBe(true);
    expect((await search('q=cambridge&country=ca')).results.some((r) => r.path.startsWith('/us/'))).toBe(false);
    expect((await search('q=cambridge&country=fr')).status).toBe(400);
  });

  it('answers 400 with a clear message for fewer than 2 characters', async () => {
    for (const query of ['q=a', 'q=', 'q=%20%20b%20', '']) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body.error).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Search text (q) must be at least 2 characters',
      });
    }
  });

  it('treats wildcards and quotes as text', async () => {
    for (const q of ['%25%25', '__', "'%20OR%201=1--", '%5C%5C']) {
      const { status, results } = await search(`q=${q}`);
      expect(status, q).toBe(200);
      expect(results.length, q).toBeLessThanOrEqual(33);
    }
    expect((await search('q=%25%25')).results).toEqual([]);
    expect(likeEscape('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
