// An account's API standing: its plan, the usage of the current window (the whole sandbox, or the
// calendar month of a paid plan, UTC) with the counts not yet flushed, and the verdict: active, trial,
// expired (402) or capped (429). The gate caches verdicts for 2 s per account, so the tile route pays
// at most one query per account every 2 s; the meter asks it again after each flush.
import { LRUCache } from 'lru-cache';
import type { Caller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { monthOf, type UsageMeter } from '../../../metering/usage-meter.ts';
import { formatUsd } from '@parcel-map/contracts/money';
import { apiPlan } from '../plans/api-plans.ts';
import type { ApiPlan, ApiState } from '@parcel-map/contracts/commerce/api-plans';
import { apiAccountWithUsage, type ApiAccountRow } from './queries.ts';
import { overageCents, overHardLimit, recordsLeft, tilesLeft, type Usage } from './usage.ts';

export interface Standing {
  row: ApiAccountRow;
  plan: ApiPlan;
  usage: Usage;
  state: ApiState;
  reason: string | null;
  overageCents: number;
  recordsLeft: number;
  tilesLeft: number;
  month: string;
}

export type { ApiAccountRow };

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The account's API plan in force with its usage of the current window (the sandbox's whole, or `now`'s month). */
export async function loadAccount(sql: Sql, groupId: number, now: Date): Promise<ApiAccountRow | undefined> {
  return apiAccountWithUsage(sql, groupId, monthOf(now));
}

/** The verdict on an account at a moment, from its row and its usage (pure). */
export function judge(
  row: ApiAccountRow,
  usage: Usage,
  now: Date,
): Pick<Standing, 'state' | 'reason' | 'overageCents' | 'recordsLeft' | 'tilesLeft' | 'plan'> {
  const plan = apiPlan(row.plan);
  const overage = overageCents(plan, usage);
  // Overage is credit: none before a first successful charge (a trial) or while one is unpaid (M5).
  const inTrial = row.trial_ends_at !== null && now < row.trial_ends_at;
  const cap = inTrial || row.overage_unpaid ? 0 : row.usage_cap_cents;
  const refused = (state: ApiState) => state === 'expired' || state === 'capped';
  const verdict = (state: ApiState, reason: string | null) => ({
    state,
    reason,
    overageCents: overage,
    plan,
    recordsLeft: refused(state) ? 0 : recordsLeft(plan, usage, cap),
    tilesLeft: refused(state) ? 0 : tilesLeft(plan, usage, cap),
  });
  if (plan.sandbox) {
    if (row.ends_at && now >= row.ends_at)
      return verdict(
        'expired',
        `Your API sandbox ended on ${day(row.ends_at)}. Choose an API plan to keep using the API: /plans`,
      );
    const over = overHardLimit(plan, usage);
    if (over === 'tiles')
      return verdict(
        'capped',
        `Your API sandbox has used its ${plan.limits.tiles!.toLocaleString('en-US')} tiles. Choose an API plan for more: /plans`,
      );
    if (over === 'records')
      return verdict(
        'capped',
        `Your API sandbox has used its ${plan.limits.results!.toLocaleString('en-US')} parcel records. Choose an API plan for more: /plans`,
      );
    return verdict('trial', null);
  }
  if (row.sub_status === null || row.sub_status === 'canceled') {
    const what =
      row.trial_ends_at && now.getTime() - row.trial_ends_at.getTime() < 86_400_000 * 31 ? 'free trial' : 'plan';
    return verdict('expired', `Your API ${what} has ended. Choose an API plan to keep using the API: /plans`);
  }
  if (row.sub_status === 'past_due') {
    return verdict(
      'expired',
      'Your last payment was declined: the API is paused until it is paid. Update the card on the billing page.',
    );
  }
  if ((inTrial || row.overage_unpaid) && (recordsLeft(plan, usage, 0) <= 0 || tilesLeft(plan, usage, 0) <= 0)) {
    return verdict(
      'capped',
      inTrial
        ? `Your API free trial includes ${plan.limits.results!.toLocaleString('en-US')} parcel records and ${plan.limits.tiles!.toLocaleString('en-US')} tiles; overage starts after the first payment.`
        : 'An overage charge of your API plan was declined: the API stops at the included volume until it is paid. Update the card on the billing page.',
    );
  }
  if (row.usage_cap_cents !== null && overage >= row.usage_cap_cents) {
    return verdict(
      'capped',
      `Your API usage reached its monthly cap of ${formatUsd(row.usage_cap_cents)} in overage. Raise the cap on the billing page or wait for next month.`,
    );
  }
  return verdict(row.trial_ends_at && now < row.trial_ends_at ? 'trial' : 'active', null);
}

export class ApiGate {
  private readonly cache = new LRUCache<number, Standing | 'none'>({ max: 10_000, ttl: 2000 });

  constructor(
    private readonly sql: Sql,
    private readonly meter: UsageMeter,
    private readonly now: () => Date,
  ) {
    meter.clock = now;
    meter.afterFlush = async (groups) => {
      // Every flushed group's cached standing goes at once, before anything is awaited: the meter no
      // longer counts the written records as pending, so a cached standing would miss them.
      for (const groupId of groups.keys()) this.cache.delete(groupId);
      for (const [groupId, tokens] of groups) {
        this.cache.delete(groupId);
        const standing = await this.standing(groupId, undefined);
        for (const token of tokens) {
          if (standing && (standing.state === 'expired' || standing.state === 'capped')) meter.block(token);
          else meter.unblock(token);
          meter.limitTiles(token, standing ? standing.tilesLeft : Infinity);
        }
      }
    };
  }

  /** The account's standing with the counts not yet flushed; undefined without an API plan. */
  async standing(groupId: number, token: string | undefined): Promise<Standing | undefined> {
    let cached = this.cache.get(groupId);
    if (cached === undefined) {
      const now = this.now();
      const row = await loadAccount(this.sql, groupId, now);
      cached = row
        ? {
            row,
            usage: { tiles: Number(row.tiles), records: Number(row.records) },
            month: monthOf(now),
            ...judge(row, { tiles: Number(row.tiles), records: Number(row.records) }, now),
          }
        : 'none';
      this.cache.set(groupId, cached);
    }
    if (cached === 'none') return undefined;
    const pending = this.meter.pending(groupId, token);
    if (pending.tiles === 0 && pending.records === 0) return cached;
    const usage = { tiles: cached.usage.tiles + pending.tiles, records: cached.usage.records + pending.records };
    return { ...cached, usage, ...judge(cached.row, usage, this.now()) };
  }

  /** Throws the one error shape when the account may not use the API now: 402 expired, 429 capped. */
  async assert(caller: Caller): Promise<Standing | undefined> {
    if (!caller.group) return undefined;
    const standing = await this.standing(caller.group.id, caller.via === 'token' ? caller.token : undefined);
    // The fast path serves cached tiles without asking: tell the meter how many more this token may get.
    if (caller.via === 'token') this.meter.limitTiles(caller.token, standing ? standing.tilesLeft : Infinity);
    if (standing?.state === 'expired' || standing?.state === 'capped') {
      if (caller.via === 'token') this.meter.block(caller.token);
      throw new ApiError(standing.state === 'expired' ? 'PAYMENT_REQUIRED' : 'TOO_MANY_REQUESTS', standing.reason!, {
        plan: standing.row.plan,
        state: standing.state,
        upgrade: '/plans',
      });
    }
    return standing;
  }

  forget(groupId: number): void {
    this.cache.delete(groupId);
  }
}
