import { describe, expect, it } from 'vitest';
import { currentPlanName } from './plan-name.ts';

describe('the current plan line of the billing page', () => {
  it('names the subscribed plan', () => {
    expect(currentPlanName({ group: { tier: 'pro' }, plan: { name: 'Pro' }, subscription: { plan: 'level1' } })).toBe(
      'Pro',
    );
  });

  it('points an API-only account to its API plan', () => {
    expect(currentPlanName({ group: { tier: 'free' }, plan: null, subscription: { plan: 'api_standard' } })).toBe(
      'API plan (below)',
    );
  });

  it('says Pro or Team for an account an administrator set, instead of Starter', () => {
    expect(currentPlanName({ group: { tier: 'pro' }, plan: null, subscription: null })).toBe(
      'Pro (set by an administrator, not billed)',
    );
    expect(currentPlanName({ group: { tier: 'team' }, plan: null, subscription: null })).toBe(
      'Team (set by an administrator, not billed)',
    );
  });

  it('says Starter (free) for a free account without a subscription', () => {
    expect(currentPlanName({ group: { tier: 'free' }, plan: null, subscription: null })).toBe('Starter (free)');
  });
});
