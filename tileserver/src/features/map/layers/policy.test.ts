import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { hasSiteControl, seesZoningTypes } from './policy.ts';

const user = (id: number, isAdmin = false) => ({ id, name: 'u', email: 'u@example.org', isAdmin });
const group = (id: number, tier: 'free' | 'pro' | 'team', role?: 'manager' | 'member') => ({
  id,
  name: 'g',
  slug: 'g',
  tier,
  role,
});
const session = (userId: number, actingAdminId: number | null = null) => ({
  idHash: Buffer.alloc(32),
  userId,
  csrfToken: 'c',
  actingAdminId,
});
const callers: Record<string, Caller> = {
  anonymous: { level: 'anonymous', via: 'anonymous', token: 'public' },
  free: { level: 'free', via: 'session', token: 'public', user: user(1), session: session(1) },
  pro: {
    level: 'pro',
    via: 'session',
    token: 'public',
    user: user(2),
    group: group(10, 'pro', 'member'),
    session: session(2),
  },
  team: {
    level: 'team',
    via: 'session',
    token: 'public',
    user: user(3),
    group: group(11, 'team', 'manager'),
    session: session(3),
  },
  groupToken: { level: 'team', via: 'token', token: 'tok', group: group(11, 'team') },
  adminSession: { level: 'admin', via: 'session', token: 'public', user: user(4, true), session: session(4) },
  actingAdmin: { level: 'admin', via: 'session', token: 'public', user: user(4, true), session: session(4, 9) },
  adminToken: { level: 'admin', via: 'token', token: 'admin' },
};

describe('the map layers policy', () => {
  it.each([
    // caller, reads zoning types, has site control (terrain)
    ['anonymous', false, false],
    ['free', false, false],
    ['pro', true, true],
    ['team', true, true],
    ['groupToken', true, true],
    ['adminToken', true, true],
  ] as const)('lets %s read zoning types: %s, and use terrain: %s', (name, zoningTypes, siteControl) => {
    expect(seesZoningTypes(callers[name]!)).toBe(zoningTypes);
    expect(hasSiteControl(callers[name]!.level)).toBe(siteControl);
  });
});
