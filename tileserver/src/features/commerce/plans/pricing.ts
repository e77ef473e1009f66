// The pricing rules of the spec, shared by the server and the viewer (no server-only imports): per-seat
// plans bill monthly per user, Pro with more than one user becomes team_flex (and back), annual savings
// are twelve months minus the annual price. Money is integer cents, shown in US dollars.

export type Cycle = 'monthly' | 'annual';

/** The parts of a plan (plans.json) that pricing reads. */
export interface PricedPlan {
  plan: string;
  prices: { monthly: number; annual: number | null };
  per_seat_pricing: boolean;
}

/** Spec 4: Pro with more than one user is team_flex; team_flex with one user is Pro. */
export function planForUsers(planId: string, users: number): string {
  if (planId === 'level1' && users > 1) return 'team_flex';
  if (planId === 'team_flex' && users === 1) return 'level1';
  return planId;
}

/** Per-seat plans force the monthly cycle. */
export function cycleFor(plan: PricedPlan, cycle: Cycle): Cycle {
  return plan.per_seat_pricing || plan.prices.annual === null ? 'monthly' : cycle;
}

export function priceCents(plan: PricedPlan, cycle: Cycle, users: number): number {
  const effective = cycleFor(plan, cycle);
  const unit = effective === 'annual' ? plan.prices.annual! : plan.prices.monthly;
  return plan.per_seat_pricing ? unit * users : unit;
}

/** Twelve months minus the annual price; 0 when there is no annual price. */
export function annualSavingsCents(plan: PricedPlan): number {
  return plan.prices.annual === null ? 0 : Math.max(0, plan.prices.monthly * 12 - plan.prices.annual);
}

/** Cents as en-US dollars: $1,234.50 (`digits` 0 for whole dollars). */
export function formatUsd(amountCents: number, digits = 2): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amountCents / 100);
}

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
export function prorate(input: { oldPriceCents: number; newPriceCents: number; oldCycle: Cycle; newCycle: Cycle; periodStart: Date; periodEnd: Date; now: Date; creditCents: number }): Proration {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(1, Math.max(0, (input.periodEnd.getTime() - input.now.getTime()) / length));
  const unused = Math.round(input.oldPriceCents * left);
  const sameCycle = input.oldCycle === input.newCycle;
  const delta = sameCycle ? Math.round(input.newPriceCents * left) - unused : input.newPriceCents - unused;
  const period = sameCycle ? { periodStart: input.periodStart, periodEnd: input.periodEnd } : { periodStart: input.now, periodEnd: periodEnd(input.now, input.newCycle) };
  if (delta <= 0) return { chargeCents: 0, creditCents: input.creditCents - delta, ...period };
  const fromCredit = Math.min(input.creditCents, delta);
  return { chargeCents: delta - fromCredit, creditCents: input.creditCents - fromCredit, ...period };
}
