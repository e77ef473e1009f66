import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { accessOfStanding, apiCaller, assertFiltersAllowed } from './policy.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

const standing = (schema: 'standard' | 'premium', sandbox: boolean) =>
  ({ plan: { limits: { schema }, sandbox }, row: { counties: ['25017'] }, recordsLeft: 7 }) as unknown as Parameters<
    typeof accessOfStanding
  >[1];

describe('the parcel API policy', () => {
  it.each([
    // caller, answer: the admin's own access, the group whose standing decides, or the refusal
    ['anonymous', 'UNAUTHORIZED'],
    ['free', 'FORBIDDEN'],
    ['pro', 'group 10'],
    ['groupToken', 'group 11'],
    ['adminSession', 'admin'],
    ['adminToken', 'admin'],
  ] as const)('answers %s with %s', (name, expected) => {
    let got: string;
    try {
      const who = apiCaller(callers[name]!);
      got = 'access' in who ? who.access.level : `group ${who.groupId}`;
    } catch (error) {
      got = (error as { code: string }).code;
    }
    expect(got).toBe(expected);
  });

  it.each([
    // standing, level, counties
    ['no API plan', undefined, 'FORBIDDEN', undefined],
    ['a standard plan', standing('standard', false), 'pro', null],
    ['a premium plan', standing('premium', false), 'team', null],
    ['a standard sandbox', standing('standard', true), 'pro', ['25017']],
  ] as const)('gives a group with %s the %s schema in counties %j', (_name, s, level, counties) => {
    if (s === undefined) return expect(() => accessOfStanding(11, s)).toThrow(expect.objectContaining({ code: level }));
    expect(accessOfStanding(11, s)).toEqual({ level, counties, groupId: 11, recordsLeft: 7 });
  });

  it.each([
    // level, filter field, allowed
    ['pro', 'owner', true],
    ['pro', 'zoning_type', true],
    ['pro', 'fema_nri_risk_rating', false],
    ['team', 'fema_nri_risk_rating', true],
    ['admin', 'fema_nri_risk_rating', true],
  ] as const)('lets a %s access filter on %s: %s', (level, field, allowed) => {
    if (allowed) expect(() => assertFiltersAllowed(level, [field])).not.toThrow();
    else expect(() => assertFiltersAllowed(level, [field])).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });
});
