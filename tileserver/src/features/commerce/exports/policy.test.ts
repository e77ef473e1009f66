import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayExport, mayUseExport } from './policy.ts';

const user = (id: number) => ({ id, name: 'u', email: 'u@example.org', isAdmin: false });
const group = (id: number, role: 'manager' | 'member') => ({ id, name: 'g', slug: 'g', tier: 'team' as const, role });
const callers: Record<string, Caller> = {
  anonymous: { level: 'anonymous', via: 'anonymous', token: 'public' },
  free: { level: 'free', via: 'session', token: 'public', user: user(1) },
  manager: { level: 'team', via: 'session', token: 'public', user: user(2), group: group(10, 'manager') },
  member: { level: 'team', via: 'session', token: 'public', user: user(3), group: group(10, 'member') },
  groupToken: { level: 'team', via: 'token', token: 'tok', group: group(10, 'manager') },
  admin: { level: 'admin', via: 'session', token: 'public', user: { ...user(4), isAdmin: true } },
};

describe('the export policy', () => {
  it.each([
    // caller, object, action, allowed
    ['anonymous', 'a selection', 'export', false],
    ['free', 'a selection', 'export', false],
    ['manager', 'a selection', 'export', true],
    ['member', 'a selection', 'export', false],
    ['groupToken', 'a selection', 'export', false],
    ['admin', 'a selection', 'export', true],
    ['manager', 'their own export', 'download', true],
    ['member', 'the manager’s export', 'download', false],
    ['admin', 'the manager’s export', 'download', false],
    ['groupToken', 'the manager’s export', 'download', false],
  ] as const)('lets %s (%s) %s: %s', (name, object, action, allowed) => {
    const caller = callers[name]!;
    const owner = object === 'their own export' ? caller.user!.id : 2;
    expect(action === 'export' ? mayExport(caller) : mayUseExport(caller, { user_id: owner })).toBe(allowed);
  });
});
