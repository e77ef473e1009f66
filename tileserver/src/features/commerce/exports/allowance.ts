// The month's free csv export rows of an account, spent once: Pro and Team accounts (and their
// members) get their plan's `download_rows` from the plans file (or EXPORT_FREE_ROWS_PAID when a site
// sets it), Starter accounts and users without one EXPORT_FREE_ROWS_PER_MONTH. Every start and every cart checkout takes the account's advisory
// lock, counts what the month's exports (free downloads and checked-out cart items alike) already
// used, and applies the rest in order.
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { planLimit } from '../plans/plans.ts';
import prices from './pricing.json' with { type: 'json' };
import { freeRowsUsed, lockAllowanceKey } from './queries.ts';

export interface AllowanceOwner {
  groupId: number | null;
  userId: number;
  /** The plan tier of the account (the group's, for its members); a user without a group is 'free'. */
  tier: 'free' | 'pro' | 'team';
}

/** The plan ids of the paid tiers in plans.json, whose `download_rows` limit is the month's allowance. */
const planOfTier = { pro: 'level1', team: 'team_flex' } as const;

/** Free csv rows a month for a tier: the plan's download_rows (null there is unlimited), else the config's. */
export function monthlyAllowance(config: Config, tier: AllowanceOwner['tier']): number {
  if (tier === 'free') return config.EXPORT_FREE_ROWS_PER_MONTH;
  if (config.EXPORT_FREE_ROWS_PAID !== undefined) return config.EXPORT_FREE_ROWS_PAID;
  return Math.min(planLimit(planOfTier[tier], 'download_rows'), Number.MAX_SAFE_INTEGER);
}

export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Serialises spending of one account's allowance until the transaction ends (starts and checkouts). */
export async function lockAllowance(db: Sql, owner: AllowanceOwner): Promise<void> {
  const key = owner.groupId === null ? `user:${owner.userId}` : `group:${owner.groupId}`;
  await lockAllowanceKey(db, key);
}

/** Free rows left this month; exact only under lockAllowance, an estimate otherwise. */
export async function freeRowsLeft(db: Sql, config: Config, owner: AllowanceOwner, now: Date): Promise<number> {
  return Math.max(0, monthlyAllowance(config, owner.tier) - (await freeRowsUsed(db, owner, monthStart(now))));
}

export interface PricedItem {
  kind: 'export' | 'store';
  format: string;
  count: number;
  price_cents: number;
  free_rows: number;
}

/**
 * The cart's export items priced against one allowance, in cart order: each csv item takes what the
 * earlier ones left. A part below the minimum order is priced at the minimum (spec: "Minimum order: 10
 * parcels"). Store items keep their price (they use no free rows).
 */
export function applyAllowance<T extends PricedItem>(items: T[], left: number): T[] {
  let rest = Math.max(0, left);
  return items.map((item) => {
    if (item.kind !== 'export') return item;
    const csv = item.format === 'csv';
    const free = csv ? Math.min(item.count, rest) : 0;
    rest -= free;
    const billable = item.count - free;
    const perRecord = prices.cents_per_record[csv ? 'csv' : 'spatial'];
    const price = billable > 0 ? Math.max(billable, prices.minimum_records) * perRecord : 0;
    return { ...item, free_rows: free, price_cents: price };
  });
}
