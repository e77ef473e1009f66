// The permission matrix: for each kind of caller and each route that returns parcel data or changes
// an account, what is allowed. It fails when a premium value reaches a caller whose plan lacks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { invitedMember, signedInAdmin, signedInUser } from '../testing/accounts.ts';
import { testDb } from '../testing/db.ts';
import { TestBrowser } from '../testing/http-client.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'matrix-')) });
const sql = testDb(4);
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

type Kind = 'anonymous' | 'free' | 'pro' | 'team manager' | 'team member' | 'admin';
const kinds: Kind[] = ['anonymous', 'free', 'pro', 'team manager', 'team member', 'admin'];
const callers = new Map<Kind, TestBrowser>();
const tiers = {
  pro: parcelFields.filter((f) => f.tier === 'pro'),
  team: parcelFields.filter((f) => f.tier === 'team'),
};
let parcel: { path: string; values: Record<string, unknown> };

/** What each kind may see and do. */
const allowed: Record<Kind, { pro: boolean; team: boolean; members: boolean; adminPages: boolean }> = {
  anonymous: { pro: false, team: false, members: false, adminPages: false },
  free: { pro: false, team: false, members: false, adminPages: false },
  pro: { pro: true, team: false, members: true, adminPages: false }, // the manager of a one-seat group
  'team manager': { pro: true, team: true, members: true, adminPages: false },
  'team member': { pro: true, team: true, members: false, adminPages: false },
  admin: { pro: true, team: true, members: false, adminPages: true },
};

beforeAll(async () => {
  const admin = await signedInAdmin(app, sql);
  callers.set('anonymous', new TestBrowser(app));
  callers.set('free', (await signedInUser(app, sql, 'free')).browser);
  callers.set('pro', (await signedInUser(app, sql, 'pro', admin)).browser);
  const manager = (await signedInUser(app, sql, 'team', admin)).browser;
  callers.set('team manager', manager);
  callers.set('team member', await invitedMember(app, config, manager));
  callers.set('admin', admin);
  // A parcel holding values in premium fields of both tiers where the data has them.
  const [row] = await sql<{ path: string; values: Record<string, unknown> }[]>`
    SELECT path, jsonb_strip_nulls(to_jsonb(p)) AS values FROM parcels p
    WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND ${sql.unsafe(tiers.pro.map((f) => `p.${f.name} IS NOT NULL`).join(' OR '))}
    ORDER BY id LIMIT 1`;
  parcel = row!;
});

const premiumValuesIn = (body: unknown, tier: 'pro' | 'team') => {
  const text = JSON.stringify(body);
  return tiers[tier].filter((f) => {
    const value = parcel.values[f.name];
    return (
      value !== undefined &&
      (typeof value !== 'string' || value.length > 3) &&
      text.includes(`"${f.name}":${JSON.stringify(value)}`)
    );
  });
};

describe.each(kinds)('a caller who is %s', (kind) => {
  it('sees exactly the premium values of their plan in a parcel record', async () => {
    const res = await callers.get(kind)!.get(`${parcel.path}.json`);
    expect(res.status).toBe(200);
    const fields = res.json.fields as Record<string, unknown>;
    // The record is where Pro views the team-tier (premium) fields, view-only; nowhere else.
    const viewsTeam = allowed[kind].team || kind === 'pro';
    for (const field of tiers.pro) expect(field.name in fields, `${kind} ${field.name}`).toBe(allowed[kind].pro);
    for (const field of tiers.team) expect(field.name in fields, `${kind} ${field.name}`).toBe(viewsTeam);
    for (const field of tiers.team)
      if (viewsTeam) expect(res.json.premium_field_metadata[field.name].view_only).toBe(!allowed[kind].team);
    if (!allowed[kind].pro) expect(premiumValuesIn(res.json, 'pro')).toEqual([]);
    if (!viewsTeam) expect(premiumValuesIn(res.json, 'team')).toEqual([]);
  });

  it('may style by a premium field in a source only with the plan that has it', async () => {
    for (const tier of ['pro', 'team'] as const) {
      const field = tiers[tier][0]!.name;
      const res = await callers.get(kind)!.post('/api/v1/sources', {
        query: { parcel: true },
        fields: ['address', field],
        styles: [{ predicate: 'default', fill: '#cccccc', line: '#999999' }],
      });
      expect(res.status, `${kind} ${tier}`).toBe(allowed[kind][tier] ? 200 : 403);
    }
  });

  it('gets no premium field from search, parcels at a point or dimensions', async () => {
    const browser = callers.get(kind)!;
    const [lon, lat] = (await browser.get(`${parcel.path}.json`)).json.centroid as [number, number];
    for (const path of [
      `/search.json?q=${encodeURIComponent(String(parcel.values.address ?? 'cambridge'))}`,
      `/parcels_at_point.json?lat=${lat}&lon=${lon}`,
      `/api/v1/dimensions.json?path=${encodeURIComponent(parcel.path)}`,
    ]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      if (!allowed[kind].pro) expect(premiumValuesIn(res.json, 'pro'), path).toEqual([]);
      if (!allowed[kind].team) expect(premiumValuesIn(res.json, 'team'), path).toEqual([]);
    }
  });

  it('manages members and sees the admin pages only with the role for it', async () => {
    const browser = callers.get(kind)!;
    const members = await browser.get('/users/members.json');
    expect(members.status === 200, `${kind} members ${members.status}`).toBe(allowed[kind].members);
    const overview = await browser.get('/admin/overview.json');
    expect(overview.status === 200, `${kind} admin ${overview.status}`).toBe(allowed[kind].adminPages);
    if (!allowed[kind].adminPages) expect(overview.status).toBe(404);
  });
});
