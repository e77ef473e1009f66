import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayManageApiPlan } from './policy.ts';
import { roleCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = roleCallers('free');

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
