import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayBuy } from './policy.ts';

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

describe('the cart policy', () => {
  it.each([
    // caller, object (cart item kind), action, allowed
    ['anonymous', 'store', 'buy', false],
    ['free', 'store', 'buy', true],
    ['member', 'store', 'buy', true],
    ['groupToken', 'store', 'buy', false],
    ['free', 'export', 'buy', false],
    ['member', 'export', 'buy', false],
    ['manager', 'export', 'buy', true],
    ['admin', 'export', 'buy', true],
  ] as const)('lets %s put a %s item in the cart and %s it: %s', (name, kind, _action, allowed) => {
    expect(mayBuy(callers[name]!, kind)).toBe(allowed);
  });
});
