import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { maySeeTableCounts } from './policy.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

describe('the health policy', () => {
  it.each([
    ['anonymous', false],
    ['free', false],
    ['team', false],
    ['groupToken', false],
    ['adminSession', true],
    ['adminToken', true],
  ] as const)('lets %s see the table counts: %s', (name, allowed) => {
    expect(maySeeTableCounts(callers[name]!)).toBe(allowed);
  });
});
