import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  countLookup,
  limitsOfError,
  remainingText,
  showRemaining,
  supportTooltip,
  upgradeTooltip,
  wayUp,
  type LookupLimits,
} from './lookup-limits.ts';

const free: LookupLimits = {
  allowed: true,
  remaining: 2,
  used: 98,
  total: 100,
  need: 'pro',
  metered: true,
  initialized: true,
};

describe('the daily lookup counter', () => {
  it('raises used and lowers remaining by one, and stops allowing at the total', () => {
    const once = countLookup(free);
    expect(once).toMatchObject({ used: 99, remaining: 1, allowed: true });
    expect(countLookup(once)).toMatchObject({ used: 100, remaining: 0, allowed: false });
  });

  it('treats a total that is not a number as unlimited', () => {
    const unlimited = { ...free, total: null, remaining: null };
    expect(countLookup(unlimited)).toMatchObject({ used: 99, remaining: null, allowed: true });
  });

  it('shows the remaining lookups once a fifth of the day (at least 5) is left', () => {
    expect(showRemaining({ ...free, remaining: 21 })).toBe(false);
    expect(showRemaining({ ...free, remaining: 20 })).toBe(true);
    expect(showRemaining({ ...free, total: 3, remaining: 3 })).toBe(true);
    expect(showRemaining({ ...free, metered: false })).toBe(false);
    expect(remainingText({ ...free, remaining: 2 })).toBe('2 of 100 property lookups left today');
  });
});

describe('the limit banner', () => {
  it('reads the limits from a 429 answer only', () => {
    const limits = { ...free, allowed: false, remaining: 0, used: 100 };
    expect(
      limitsOfError(
        new ApiError(429, 'TOO_MANY_REQUESTS', 'Property Lookup Daily Limit Reached', 'r1', { lookup_limits: limits }),
      ),
    ).toBe(limits);
    expect(limitsOfError(new ApiError(404, 'NOT_FOUND', 'No parcel'))).toBeNull();
    expect(limitsOfError(new Error('network'))).toBeNull();
  });

  it('sends each level its own way up: sign-up, Pro, the billing page, support', () => {
    expect(wayUp('sign_up', null)).toEqual({ label: 'Sign Up', href: '#signup-signin', tooltip: upgradeTooltip });
    expect(wayUp('pro', null)).toEqual({ label: 'Upgrade to Pro', href: '/plans#p=level1', tooltip: upgradeTooltip });
    expect(wayUp('team', '/g/acme')).toEqual({
      label: 'Upgrade to Team',
      href: '/g/acme/settings/billing',
      tooltip: upgradeTooltip,
    });
    expect(wayUp('support', '/g/acme')).toMatchObject({ label: 'Contact Support', tooltip: supportTooltip });
    expect(wayUp(null, null)).toBeNull();
    expect(upgradeTooltip).toBe('Upgrade to the next level account to raise the daily limit or come back tomorrow.');
  });
});
