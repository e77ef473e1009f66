import { describe, expect, it } from 'vitest';
import { annualSavingsCents, cycleFor, formatUsd, periodEnd, planForUsers, priceCents } from './pricing.ts';

const pro = { plan: 'level1', prices: { monthly: 9900, annual: 99900 }, per_seat_pricing: false };
const team = { plan: 'team_flex', prices: { monthly: 14900, annual: null }, per_seat_pricing: true };

describe('pricing', () => {
  it('prices Pro by cycle and Team per seat, monthly only', () => {
    expect(priceCents(pro, 'monthly', 1)).toBe(9900);
    expect(priceCents(pro, 'annual', 1)).toBe(99900);
    expect(priceCents(team, 'annual', 4)).toBe(59600);
    expect(cycleFor(team, 'annual')).toBe('monthly');
  });

  it('moves Pro with more users to Team and Team with one user back to Pro', () => {
    expect(planForUsers('level1', 2)).toBe('team_flex');
    expect(planForUsers('team_flex', 1)).toBe('level1');
    expect(planForUsers('level1', 1)).toBe('level1');
  });

  it('shows annual savings as twelve months minus the annual price, in US dollars', () => {
    expect(annualSavingsCents(pro)).toBe(12 * 9900 - 99900);
    expect(annualSavingsCents(team)).toBe(0);
    expect(formatUsd(18900)).toBe('$189.00');
  });

  it('ends a period one calendar month or year later', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'annual').toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(periodEnd(new Date('2026-03-15T10:00:00Z'), 'monthly').toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T10:00:00Z'), 'annual').toISOString()).toBe('2029-02-28T10:00:00.000Z');
  });
});
