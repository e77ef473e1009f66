import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayReadMetrics } from './policy.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

describe('the metrics policy', () => {
  it.each([
    ['anonymous', false],
    ['free', false],
    ['pro', false],
    ['groupToken', false],
    ['adminSession', true],
    ['actingAdmin', false],
    ['adminToken', true],
  ] as const)('lets %s read the metrics: %s', (name, allowed) => {
    expect(mayReadMetrics(callers[name]!)).toBe(allowed);
  });
});
