// The plan pricing rules of the spec that the server charges by and the viewer shows before checkout:
// per-seat plans bill monthly per user, Pro with more than one user becomes team_flex (and back), annual
// savings are twelve months minus the annual price. Amounts are integer cents.

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
