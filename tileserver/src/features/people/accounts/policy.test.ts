import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { displayLevel, hasSiteControl } from './policy.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

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
