import { describe, expect, it } from 'vitest';
import { periodEnd, prorate } from './pricing.ts';
import { annualSavingsCents, cycleFor, planForUsers, priceCents } from '@parcel-map/contracts/commerce/plan-pricing';
import { formatUsd } from '@parcel-map/contracts/money';

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

describe('proration', () => {
  const start = new Date('2026-04-01T00:00:00Z');
  const end = new Date('2026-05-01T00:00:00Z');
  const half = new Date('2026-04-16T00:00:00Z');
  const base = {
    oldCycle: 'monthly' as const,
    newCycle: 'monthly' as const,
    periodStart: start,
    periodEnd: end,
    now: half,
    creditCents: 0,
  };

  it('charges the difference for the half month left when Pro ($99) becomes Team for 3 ($447)', () => {
    // Unused Pro: 9900 / 2 = 4950. Team for the rest: 44700 / 2 = 22350. Charged: 17400.
    expect(prorate({ ...base, oldPriceCents: 9900, newPriceCents: 44700 })).toEqual({
      chargeCents: 17400,
      creditCents: 0,
      periodStart: start,
      periodEnd: end,
    });
  });

  it('credits a downgrade and spends the credit on the next upgrade first', () => {
    // Team for 3 to Team for 2 halfway: 22350 unused against 14900 for the rest: 7450 credit.
    const down = prorate({ ...base, oldPriceCents: 44700, newPriceCents: 29800 });
    expect(down).toMatchObject({ chargeCents: 0, creditCents: 7450 });
    // Back to 3 at the same moment: 7450 due, all of it from the credit.
    expect(
      prorate({ ...base, oldPriceCents: 29800, newPriceCents: 44700, creditCents: down.creditCents }),
    ).toMatchObject({ chargeCents: 0, creditCents: 0 });
    // With 1000 of credit, an upgrade due 17400 charges 16400.
    expect(prorate({ ...base, oldPriceCents: 9900, newPriceCents: 44700, creditCents: 1000 })).toMatchObject({
      chargeCents: 16400,
      creditCents: 0,
    });
  });

  it('starts a new year when monthly Pro becomes annual, less the unused month', () => {
    // 99900 for the year less 4950 unused: 94950; the new period runs a year from now.
    expect(prorate({ ...base, oldPriceCents: 9900, newPriceCents: 99900, newCycle: 'annual' })).toEqual({
      chargeCents: 94950,
      creditCents: 0,
      periodStart: half,
      periodEnd: new Date('2027-04-16T00:00:00Z'),
    });
  });
});
