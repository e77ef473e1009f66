import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayOnBilling, type BillingAction } from './policy.ts';
import { roleCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = roleCallers('team');

describe('the billing policy', () => {
  it.each([
    // caller, account named (slug), action, allowed
    ['anonymous', undefined, 'buy_plan', false],
    ['free', undefined, 'buy_plan', true],
    ['manager', undefined, 'buy_plan', true],
    ['member', undefined, 'buy_plan', false],
    ['groupToken', undefined, 'buy_plan', false],
    ['admin', undefined, 'buy_plan', true],
    ['free', undefined, 'change_plan', false],
    ['manager', undefined, 'change_plan', true],
    ['member', undefined, 'change_plan', false],
    ['admin', undefined, 'change_plan', false],
    ['manager', undefined, 'manage_cards', true],
    ['member', undefined, 'manage_cards', false],
    ['groupToken', undefined, 'manage_cards', false],
    ['member', 'g10', 'view_billing', true],
    ['manager', 'g11', 'view_billing', false],
    ['free', 'g10', 'view_billing', false],
    ['admin', 'g10', 'view_billing', false],
    ['manager', undefined, 'view_account_orders', true],
    ['member', undefined, 'view_account_orders', false],
  ] as const)('lets %s (account %s) %s: %s', (name, slug, action: BillingAction, allowed) => {
    expect(mayOnBilling(callers[name]!, action, slug)).toBe(allowed);
  });
});
