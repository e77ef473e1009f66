import { describe, expect, it } from 'vitest';
import { fieldAccess, maySeeField } from './policy.ts';

describe('the parcel field policy', () => {
  it.each([
    // level, field (its catalog tier), allowed
    ['anonymous', 'owner', true],
    ['anonymous', 'zoning_type', false],
    ['free', 'parcelnumb', true],
    ['free', 'zoning_type', false],
    ['pro', 'zoning_type', true],
    ['pro', 'fema_nri_risk_rating', false],
    ['team', 'fema_nri_risk_rating', true],
    ['admin', 'fema_nri_risk_rating', true],
  ] as const)('lets a %s caller read %s: %s', (level, field, allowed) => {
    expect(maySeeField(level, field)).toBe(allowed);
    expect(fieldAccess(level).visible.some((f) => f.name === field)).toBe(allowed);
    expect(fieldAccess(level).locked.some((f) => f.name === field)).toBe(!allowed);
  });
});
