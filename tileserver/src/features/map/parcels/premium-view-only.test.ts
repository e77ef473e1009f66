import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSeeTier, canViewTier, isViewOnly } from '@parcel-map/contracts/levels';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import type { TestBrowser } from '../../../testing/http-client.ts';
import { testDb } from '../../../testing/db.ts';
import { fieldAccess, paneFieldAccess } from './field-access.ts';

const sql = testDb();
const config = loadConfig({});
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
const teamFields = parcelFields.filter((f) => f.tier === 'team');
const browsers = new Map<'free' | 'pro' | 'team', TestBrowser>();
let parcel: string;

beforeAll(async () => {
  const [row] = await sql<{ path: string }[]>`
    SELECT path FROM parcels WHERE parcelnumb = '127-123' AND path LIKE ${`${cambridge}/%`}`;
  parcel = row!.path;
  const admin = await signedInAdmin(app, sql);
  for (const level of ['free', 'pro', 'team'] as const)
    browsers.set(level, (await signedInUser(app, sql, level, admin)).browser);
});

describe('premium fields: view-only on Pro, full on Team', () => {
  it('lets Pro view the premium fields and keeps their full use (export, filters, API) to Team', () => {
    for (const field of teamFields) {
      expect(canViewTier('pro', field.tier)).toBe(true);
      expect(canSeeTier('pro', field.tier)).toBe(false);
      expect(isViewOnly('pro', field.tier)).toBe(true);
      expect(isViewOnly('team', field.tier)).toBe(false);
      expect(canViewTier('free', field.tier)).toBe(false);
    }
    expect(paneFieldAccess('pro').locked).toEqual([]);
    expect(
      fieldAccess('pro')
        .locked.map((f) => f.name)
        .sort(),
    ).toEqual(teamFields.map((f) => f.name).sort());
    expect(fieldAccess('team').locked).toEqual([]);
  });

  it('sends a Pro user the premium values in the parcel record, marked view-only', async () => {
    const { status, json } = await browsers.get('pro')!.get(`${parcel}.json`);
    expect(status).toBe(200);
    for (const field of teamFields) {
      expect(json.fields, field.name).toHaveProperty(field.name);
      expect(json.premium_field_metadata[field.name]).toEqual({
        tier: 'team',
        locked: false,
        view_only: true,
        unlock: 'Unlock with Team',
      });
    }
    // Pro-tier fields are Pro's in full.
    expect(json.premium_field_metadata.zoning_type).toMatchObject({ locked: false, view_only: false });
  });

  it('gives a Team user the premium values in full and a free user none of them', async () => {
    const team = (await browsers.get('team')!.get(`${parcel}.json`)).json;
    const free = (await browsers.get('free')!.get(`${parcel}.json`)).json;
    for (const field of teamFields) {
      expect(team.premium_field_metadata[field.name]).toMatchObject({ locked: false, view_only: false });
      expect(free.fields).not.toHaveProperty(field.name);
      expect(free.premium_field_metadata[field.name]).toMatchObject({ locked: true, view_only: false });
    }
  });

  it('refuses Pro the premium fields as filters and offers them to Team', async () => {
    const field = teamFields[0]!.name;
    const pro = await browsers.get('pro')!.get(`/sources/parcel/autocomplete.json?key=${field}&query=a`);
    expect(pro.status).toBe(403);
    expect(pro.json.error.message).toContain('Team');
    const team = await browsers.get('team')!.get(`/sources/parcel/autocomplete.json?key=${field}&query=a`);
    expect(team.status).toBe(200);
  });
});
