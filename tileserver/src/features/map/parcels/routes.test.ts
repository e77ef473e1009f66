import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { testDb } from '../../../testing/db.ts';

const sql = testDb();
const app = createApp({
  config: loadConfig({ ADMIN_TOKEN: 'test-admin-token-of-at-least-32-chars' }),
  sql,
  logger: createLogger('silent'),
});
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
const premium = parcelFields.filter((f) => f.tier !== 'free');

interface KnownParcel {
  id: number;
  path: string;
  lat: number;
  lon: number;
  scity: string | null;
  state2: string | null;
  szip5: string | null;
  szip: string | null;
  /** Premium fields of this parcel that hold a value in the database. */
  premiumValues: Record<string, unknown>;
}
let rockwell: KnownParcel;

beforeAll(async () => {
  const [row] = await sql<(Omit<KnownParcel, 'premiumValues'> & { premium: Record<string, unknown> })[]>`
    SELECT id::float8 AS id, path, lat, lon, scity, state2, szip5, szip,
           jsonb_strip_nulls((SELECT to_jsonb(v) FROM (SELECT ${sql(premium.map((f) => `p.${f.name}`))}) v)) AS premium
    FROM parcels p WHERE parcelnumb = '127-123' AND path LIKE ${`${cambridge}/%`}`;
  expect(row, 'the Cambridge parcel 127-123 is loaded').toBeDefined();
  rockwell = { ...row!, lat: Number(row!.lat), lon: Number(row!.lon), premiumValues: row!.premium };
});

async function json(url: string) {
  const res = await app.request(url);
  return { status: res.status, body: await res.json() };
}

describe('GET {parcel path}.json', () => {
  it('returns the parcel entity of 23 ROCKWELL ST with fields, labels, groups, context and addresses', async () => {
    const { status, body } = await json(`${rockwell.path}.json`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      path: rockwell.path,
      id: rockwell.id,
      ll_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(body.fields).toMatchObject({
      address: '23 ROCKWELL ST',
      parcelnumb: '127-123',
      path: rockwell.path,
      ll_uuid: body.ll_uuid,
    });
    expect(Object.keys(body.key)).toEqual([
      ...parcelFields.map((f) => f.name),
      'll_gissqm',
      'admin0',
      'eo_owner',
      'eo_deedowner',
    ]);
    expect(body.key.parcelnumb).toBe('Parcel Number');
    expect(body.tooltips.parcelnumb_no_formatting).toBe('parcelnumb with all non A-Z/0-9 chars removed (matching aid)');
    expect(body.groups.map((g: { id: string; title: string }) => [g.id, g.title])).toEqual([
      ['parcel', 'Parcel Details'],
      ['owner', 'Owner Information'],
      ['sales', 'Property Sales & Value'],
      ['zoning', 'Zoning, Land Use & Vacancy'],
      ['structure', 'Structure Details'],
      ['demographics', 'Area Demographics'],
      ['geographic', 'Geographic Information'],
      ['risk', 'Risk Factors'],
      ['matching', 'Dataset Matching'],
    ]);
    expect(body.groups[0].fields).toEqual(expect.arrayContaining(['address', 'parcelnumb']));
    expect(body.context).toEqual({ headline: 'Cambridge, MA', name: 'Cambridge', path: cambridge, active: true });
    const stateZip = [rockwell.state2, rockwell.szip5 ?? rockwell.szip].filter(Boolean).join(' ');
    expect(body.formatted_addresses.site).toBe(`23 ROCKWELL ST, ${rockwell.scity ?? 'CAMBRIDGE'}, ${stateZip}`);
    expect(body.formatted_addresses.site.startsWith('23 ROCKWELL ST, CAMBRIDGE, MA')).toBe(true);
    expect(body.reference_links).toEqual({ plans_link: '/plans' });
    expect(body.centroid[0]).toBeCloseTo(rockwell.lon, 6);
    expect(body.centroid[1]).toBeCloseTo(rockwell.lat, 6);
    expect(['Polygon', 'MultiPolygon']).toContain(body.geometry.type);
    expect(body.highlights.address).toBe('23 ROCKWELL ST');
    expect(body.fields.admin0).toBe('us');
    expect(body.fields.ll_gissqm).toBe(Math.round(body.fields.ll_gissqft * 0.09290304));
    expect(body.key.ll_gissqm).toBe('Calculated Square Meters');
    expect(body.highlights.measurements.sqft).toBeGreaterThan(1000);
    expect(body.highlights.measurements.acres).toBeCloseTo(body.highlights.measurements.sqft / 43560, 2);
  });

  it('lists every premium field locked for the anonymous visitor and never sends their values', async () => {
    const { body } = await json(`${rockwell.path}.json`);
    for (const field of premium) {
      expect(body.fields, field.name).not.toHaveProperty(field.name);
      // US parcels list premium fields as locked even where they hold no data (the spec).
      expect(body.premium_field_metadata[field.name]).toEqual({
        tier: field.tier,
        locked: true,
        view_only: false,
        unlock: field.tier === 'pro' ? 'Unlock with Pro' : 'Unlock with Team',
      });
      expect(body.groups.find((g: { id: string }) => g.id === field.group).fields).toContain(field.name);
    }
    expect(Object.keys(body.premium_field_metadata).sort()).toEqual(premium.map((f) => f.name).sort());
    expect(body.highlights).toMatchObject({
      landuse: null,
      structureCount: null,
      locked: ['landuse', 'structureCount'],
    });
    // The premium values of this parcel (e.g. its LBCS activity) appear nowhere in the answer.
    const text = JSON.stringify(body);
    const values = Object.values(rockwell.premiumValues).filter((v) => typeof v === 'string' && v.length > 4);
    for (const value of values) expect(text).not.toContain(JSON.stringify(value));
  });

  it('sends the premium values, unlocked, to the admin token', async () => {
    expect(
      Object.keys(rockwell.premiumValues).length,
      'the loader fills some premium field (LBCS activity)',
    ).toBeGreaterThan(0);
    const { status, body } = await json(`${rockwell.path}.json?token=test-admin-token-of-at-least-32-chars`);
    expect(status).toBe(200);
    for (const field of premium) {
      expect(body.fields, field.name).toHaveProperty(field.name);
      expect(body.premium_field_metadata[field.name].locked).toBe(false);
    }
    for (const [name, value] of Object.entries(rockwell.premiumValues)) expect(body.fields[name], name).toEqual(value);
    expect(body.highlights.locked).toEqual([]);
  });

  it('gives the same entity for the public token as for no token', async () => {
    const anonymous = await json(`${rockwell.path}.json`);
    const publicToken = await json(`${rockwell.path}.json?token=public`);
    expect(publicToken.body).toEqual(anonymous.body);
  });

  it('answers 404 for an unknown parcel, 400 for a malformed path and 401 for an unknown token', async () => {
    expect((await json(`${cambridge}/999999999.json`)).status).toBe(404);
    expect((await json('/us/atlantis/1.json')).status).toBe(404);
    const bad = await json('/us/MA/middlesex/cambridge/1.json');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid context path' });
    expect((await json('/us/ma_x/1.json')).status).toBe(400);
    expect((await json(`${rockwell.path}.json?token=wrong`)).status).toBe(401);
  });
});

describe('GET /parcels_at_point.json', () => {
  it('lists the parcel at an interior point of 23 ROCKWELL ST', async () => {
    const { status, body } = await json(`/parcels_at_point.json?lat=${rockwell.lat}&lon=${rockwell.lon}`);
    expect(status).toBe(200);
    const hit = body.parcels.find((p: { path: string }) => p.path === rockwell.path);
    expect(hit).toEqual({
      path: rockwell.path,
      address: '23 ROCKWELL ST',
      owner: expect.toBeOneOf([null, expect.any(String)]),
      parcelnumb: '127-123',
    });
    expect(body.parcels.length).toBeLessThanOrEqual(50);
  });

  it('answers an empty list away from any parcel and 400 for bad coordinates', async () => {
    expect((await json('/parcels_at_point.json?lat=0&lon=0')).body).toEqual({ parcels: [] });
    const bad = await json('/parcels_at_point.json?lat=42.3&lon=west');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('lon must be a number');
    expect((await json('/parcels_at_point.json?lat=-91&lon=0')).status).toBe(400);
  });
});
