import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../auth/caller.ts';
import { accessOfStanding, apiCaller, apiFields, assertFiltersAllowed } from './policy.ts';
import { apiPlan } from '../../commerce/plans/api-plans.ts';
import { levelCallers } from '../../../testing/callers.ts';

const callers: Record<string, Caller> = levelCallers;

const standing = (schema: 'standard' | 'premium', sandbox: boolean, standardizedZoning = 'No') =>
  ({
    plan: { limits: { schema }, sandbox, properties: { standardized_zoning: standardizedZoning } },
    row: { counties: ['25017'] },
    recordsLeft: 7,
  }) as unknown as Parameters<typeof accessOfStanding>[1];

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
    expect(accessOfStanding(11, s)).toEqual({
      level,
      counties,
      groupId: 11,
      recordsLeft: 7,
      standardizedZoning: false,
    });
  });

  it.each([
    // level, standardized zoning, filter field, allowed
    ['pro', false, 'owner', true],
    ['pro', false, 'zoning_type', false],
    ['pro', true, 'zoning_type', true],
    ['pro', false, 'fema_nri_risk_rating', false],
    ['team', false, 'fema_nri_risk_rating', true],
    ['admin', true, 'fema_nri_risk_rating', true],
  ] as const)(
    'lets a %s access (standardized zoning %s) filter on %s: %s',
    (level, standardizedZoning, field, allowed) => {
      const scope = { level, standardizedZoning };
      if (allowed) expect(() => assertFiltersAllowed(scope, [field])).not.toThrow();
      else expect(() => assertFiltersAllowed(scope, [field])).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
    },
  );

  it.each([
    // plan of plans.json, reads the Standardized Zoning fields
    ['api_sandbox', false],
    ['api_standard', false],
    ['api_premium', false],
    ['api_enterprise', true],
  ] as const)('N5: gives %s the Standardized Zoning fields as plans.json says: %s', (id, included) => {
    const plan = apiPlan(id);
    const access = accessOfStanding(11, { plan, row: { counties: null }, recordsLeft: 7 } as unknown as Parameters<
      typeof accessOfStanding
    >[1]);
    expect(access.standardizedZoning).toBe(included);
    const fields = apiFields(access);
    for (const name of ['zoning_type', 'zoning_subtype', 'zoning_id', 'zoning_code_link'])
      expect(fields.includes(name), name).toBe(included);
    // The municipal zoning code is no add-on: every plan reads it.
    expect(fields).toContain('zoning');
  });

  it('N5: gives the admin token the Standardized Zoning fields', () => {
    const who = apiCaller(callers.adminToken!);
    expect('access' in who && apiFields(who.access)).toContain('zoning_type');
  });
});
