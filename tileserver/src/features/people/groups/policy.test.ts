import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayOnGroup, type GroupAction } from './policy.ts';

const user = { id: 9, name: 'x', email: 'x@y.z', isAdmin: false };
const session = (role: 'manager' | 'member', groupId = 1): Caller => ({
  level: 'team',
  via: 'session',
  token: 'public',
  user,
  group: { id: groupId, name: 'g', slug: 'g', tier: 'team', role },
});
const callers: Record<string, Caller> = {
  manager: session('manager'),
  member: session('member'),
  otherManager: session('manager', 2),
  groupToken: { level: 'team', via: 'token', token: 't', group: { id: 1, name: 'g', slug: 'g', tier: 'team' } },
  admin: { level: 'admin', via: 'session', token: 'public', user: { ...user, isAdmin: true } },
  adminMember: {
    level: 'admin',
    via: 'session',
    token: 'public',
    user: { ...user, isAdmin: true },
    group: { id: 1, name: 'g', slug: 'g', tier: 'team', role: 'member' },
  },
};

describe('the group policy', () => {
  it.each([
    // caller, group, action, allowed
    ['manager', 1, 'manage_members', true],
    ['member', 1, 'manage_members', false],
    ['member', 1, 'view_members', true],
    ['otherManager', 1, 'view_members', false],
    ['manager', 1, 'manage_token', true],
    ['groupToken', 1, 'manage_members', false],
    ['admin', 1, 'manage_members', true],
    ['manager', 1, 'manage_billing', true],
    ['member', 1, 'manage_billing', false],
    ['otherManager', 1, 'manage_billing', false],
    ['groupToken', 1, 'manage_billing', false],
    ['admin', 1, 'manage_billing', false],
    ['adminMember', 1, 'manage_billing', false],
  ] as const)('lets the %s act on group %i to %s: %s', (name, groupId, action: GroupAction, allowed) => {
    expect(mayOnGroup(callers[name]!, groupId, action)).toBe(allowed);
  });
});
