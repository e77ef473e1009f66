import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayManageApiPlan } from './policy.ts';

const user = (id: number) => ({ id, name: 'u', email: 'u@example.org', isAdmin: false });
const group = (id: number, role: 'manager' | 'member') => ({ id, name: 'g', slug: 'g', tier: 'free' as const, role });
const callers: Record<string, Caller> = {
  anonymous: { level: 'anonymous', via: 'anonymous', token: 'public' },
  free: { level: 'free', via: 'session', token: 'public', user: user(1) },
  manager: { level: 'free', via: 'session', token: 'public', user: user(2), group: group(10, 'manager') },
  member: { level: 'free', via: 'session', token: 'public', user: user(3), group: group(10, 'member') },
  groupToken: { level: 'free', via: 'token', token: 'tok', group: group(10, 'manager') },
  admin: { level: 'admin', via: 'session', token: 'public', user: { ...user(4), isAdmin: true } },
};

describe('the API plan policy', () => {
  it.each([
    // caller, object (their own account's API plan), action, allowed
    ['anonymous', 'manage', false],
    ['free', 'manage', false],
    ['manager', 'manage', true],
    ['member', 'manage', false],
    ['groupToken', 'manage', false],
    ['admin', 'manage', false],
  ] as const)('lets %s %s their account’s API plan: %s', (name, _action, allowed) => {
    expect(mayManageApiPlan(callers[name]!)).toBe(allowed);
  });
});
