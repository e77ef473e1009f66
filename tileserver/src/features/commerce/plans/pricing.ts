// Billing periods and mid-period plan changes, server-side only (the shared plan prices are in
// @parcel-map/contracts/commerce/plan-pricing, dollar formatting in @parcel-map/contracts/money).
import type { Cycle } from '@parcel-map/contracts/commerce/plan-pricing';

/** The end of a billing period that starts at `start`: one calendar month or year later (Jan 31 -> Feb 28). */
export function periodEnd(start: Date, cycle: Cycle): Date {
  const months = cycle === 'annual' ? 12 : 1;
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}

export interface Proration {
  /** Charged now (after any credit is used). */
  chargeCents: number;
  /** The account's credit after the change (a downgrade adds what it did not use). */
  creditCents: number;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * A plan change in the middle of a period: the unused part of the old price is worth its share of the
 * time left. Same cycle: the period stays and the difference for the time left is charged (upgrade) or
 * credited (downgrade). New cycle: a new period starts now at the full new price, less the unused part.
 * Credit pays charges first. Amounts are rounded to the cent.
 */
export function prorate(input: {
  oldPriceCents: number;
  newPriceCents: number;
  oldCycle: Cycle;
  newCycle: Cycle;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  creditCents: number;
}): Proration {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(1, Math.max(0, (input.periodEnd.getTime() - input.now.getTime()) / length));
  const unused = Math.round(input.oldPriceCents * left);
  const sameCycle = input.oldCycle === input.newCycle;
  const delta = sameCycle ? Math.round(input.newPriceCents * left) - unused : input.newPriceCents - unused;
  const period = sameCycle
    ? { periodStart: input.periodStart, periodEnd: input.periodEnd }
    : { periodStart: input.now, periodEnd: periodEnd(input.now, input.newCycle) };
  if (delta <= 0) return { chargeCents: 0, creditCents: input.creditCents - delta, ...period };
  const fromCredit = Math.min(input.creditCents, delta);
  return { chargeCents: delta - fromCredit, creditCents: input.creditCents - fromCredit, ...period };
}
