import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { hasSiteControl, seesZoningTypes } from './policy.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

describe('the map layers policy', () => {
  it.each([
    // caller, reads zoning types, has site control (terrain)
    ['anonymous', false, false],
    ['free', false, false],
    ['pro', true, true],
    ['team', true, true],
    ['groupToken', true, true],
    ['adminToken', true, true],
  ] as const)('lets %s read zoning types: %s, and use terrain: %s', (name, zoningTypes, siteControl) => {
    expect(seesZoningTypes(callers[name]!)).toBe(zoningTypes);
    expect(hasSiteControl(callers[name]!.level)).toBe(siteControl);
  });
});
