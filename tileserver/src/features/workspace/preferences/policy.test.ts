import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { assertMaySavePreferences, preferencesOwner } from './policy.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

describe('the preferences policy', () => {
  it.each([
    // caller, whose preferences a read answers, may save
    ['anonymous', undefined, false],
    ['free', 1, true],
    ['pro', 2, true],
    ['groupToken', undefined, false],
    ['adminSession', 4, true],
    ['adminToken', undefined, false],
  ] as const)('reads the preferences of %s as user %s, and lets them save: %s', (name, owner, maySave) => {
    const caller = callers[name]!;
    expect(preferencesOwner(caller)).toBe(owner);
    if (maySave) expect(() => assertMaySavePreferences(caller)).not.toThrow();
    else expect(() => assertMaySavePreferences(caller)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
  });
});
