import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { assertMayPurgeSourceCache, seesEverySource } from './policy.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

describe('the sources policy', () => {
  it.each([
    // caller, may purge a source cache and list every source
    ['anonymous', false],
    ['free', false],
    ['team', false],
    ['groupToken', false],
    ['adminSession', true],
    ['adminToken', true],
  ] as const)('lets %s purge a source cache and list every source: %s', (name, allowed) => {
    const caller = callers[name]!;
    expect(seesEverySource(caller)).toBe(allowed);
    if (allowed) expect(() => assertMayPurgeSourceCache(caller)).not.toThrow();
    else expect(() => assertMayPurgeSourceCache(caller)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
