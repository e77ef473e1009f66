import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { mayManageImports } from './policy.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

describe('the imports policy', () => {
  it.each([
    ['anonymous', false],
    ['free', false],
    ['team', false],
    ['groupToken', false],
    ['adminSession', true],
    ['actingAdmin', false],
    ['adminToken', true],
  ] as const)('lets %s manage imports: %s', (name, allowed) => {
    expect(mayManageImports(callers[name]!)).toBe(allowed);
  });
});
