import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { displayLevel, hasSiteControl } from './policy.ts';

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

describe('the session answer policy', () => {
  it.each([
    // caller, plan name shown, site control
    ['anonymous', 'Anon', false],
    ['free', 'Starter', false],
    ['pro', 'Pro', true],
    ['team', 'Team', true],
    ['groupToken', 'Team', true],
    ['adminSession', 'Starter', true],
    ['adminToken', 'Starter', true],
  ] as const)('shows %s the plan %s, with site control: %s', (name, shown, siteControl) => {
    expect(displayLevel(callers[name]!)).toBe(shown);
    expect(hasSiteControl(callers[name]!)).toBe(siteControl);
  });
});
