// Usage arithmetic (pure, shared with the viewer): the month's overage in cents and what is left before
// a limit. Sandbox limits are hard; self-serve plans go past the included amounts at the overage prices
// until the optional usage cap (a most-overage-per-month in cents) is reached.
import type { ApiPlan } from '@parcel-map/contracts/commerce/api-plans';

export interface Usage {
  tiles: number;
  records: number;
}

export function overageCents(plan: ApiPlan, usage: Usage): number {
  const { results, tiles, overage_results, overage_tiles_per_1000 } = plan.limits;
  const records =
    results === null || overage_results === null ? 0 : Math.max(0, usage.records - results) * overage_results;
  // $0.001 per tile: whole cents only, rounded down (a part of a cent is not billed).
  const tileCents =
    tiles === null || overage_tiles_per_1000 === null
      ? 0
      : Math.floor((Math.max(0, usage.tiles - tiles) * overage_tiles_per_1000) / 1000);
  return records + tileCents;
}

/** Whether a plan without overage prices (the sandbox) has used one of its amounts up. */
export function overHardLimit(plan: ApiPlan, usage: Usage): 'tiles' | 'records' | null {
  if (plan.limits.overage_results !== null) return null;
  if (plan.limits.tiles !== null && usage.tiles >= plan.limits.tiles) return 'tiles';
  if (plan.limits.results !== null && usage.records >= plan.limits.results) return 'records';
  return null;
}

/** Records the account may still receive this month (Infinity without a limit or cap). */
export function recordsLeft(plan: ApiPlan, usage: Usage, capCents: number | null): number {
  const { results, overage_results } = plan.limits;
  if (results === null) return Infinity;
  const included = Math.max(0, results - usage.records);
  if (overage_results === null) return included;
  if (capCents === null) return Infinity;
  const capLeft = capCents - overageCents(plan, usage);
  return included + Math.max(0, Math.floor(capLeft / overage_results));
}

/** Tiles the account may still receive this month (Infinity without a limit or cap). */
export function tilesLeft(plan: ApiPlan, usage: Usage, capCents: number | null): number {
  const { tiles, overage_tiles_per_1000 } = plan.limits;
  if (tiles === null) return Infinity;
  const included = Math.max(0, tiles - usage.tiles);
  if (overage_tiles_per_1000 === null) return included;
  if (capCents === null) return Infinity;
  const capLeft = capCents - overageCents(plan, usage);
  return included + Math.max(0, Math.floor((capLeft * 1000) / overage_tiles_per_1000));
}
