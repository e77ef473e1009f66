import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayBuy } from './policy.ts';
import { roleCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = roleCallers('team');

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
