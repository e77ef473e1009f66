// The lookup meter other features call: take() before answering a parcel record, state() for
// GET /users/lookup_limits.json. Subjects: the signed-in user, the group of a group token, or the
// anonymous visitor (cookie) together with their address.
import type { Context } from 'hono';
import type { Caller } from '../../../auth/caller.ts';
import { clientAddress } from '../../../auth/rate-limit.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { dailyLookups, upgradeNeed, visitorsPerAddress } from './policy.ts';
import { lookupsUsed, secondsToUtcMidnight, takeLookup } from './queries.ts';
import { limitReachedMessage, type LookupLimits } from '@parcel-map/contracts/people/lookup-limits';
import { VisitorIds } from './visitor.ts';

export type { LookupLimits };

export class LookupMeter {
  private readonly visitors: VisitorIds;

  constructor(
    private readonly sql: Sql,
    private readonly config: Config,
  ) {
    this.visitors = new VisitorIds(sql, config);
  }

  private async subject(c: Context, caller: Caller, issue: boolean): Promise<string | undefined> {
    if (caller.user) return `user:${caller.user.id}`;
    if (caller.group) return `group:${caller.group.id}`;
    const visitor = issue ? await this.visitors.readOrIssue(c) : await this.visitors.read(c);
    return visitor ? `visitor:${visitor}` : undefined;
  }

  /** Counts one parcel record; at the limit, 429 with the limits and Retry-After until UTC midnight. */
  async take(c: Context, caller: Caller): Promise<LookupLimits> {
    const total = dailyLookups(this.config, caller.level);
    if (total === undefined) return this.unmetered();
    const subject = (await this.subject(c, caller, true))!;
    let used = await takeLookup(this.sql, subject, total);
    if (used !== undefined && caller.via === 'anonymous') {
      const byAddress = await takeLookup(this.sql, `address:${clientAddress(c)}`, total * visitorsPerAddress);
      if (byAddress === undefined) used = undefined;
    }
    if (used === undefined) {
      const limits = this.limits(caller, total, total);
      throw new ApiError('TOO_MANY_REQUESTS', limitReachedMessage, {
        lookup_limits: limits,
        retryAfter: secondsToUtcMidnight(),
      });
    }
    return this.limits(caller, total, used);
  }

  async state(c: Context, caller: Caller): Promise<LookupLimits> {
    const total = dailyLookups(this.config, caller.level);
    if (total === undefined) return this.unmetered();
    const subject = await this.subject(c, caller, false);
    return this.limits(caller, total, subject ? await lookupsUsed(this.sql, subject) : 0);
  }

  private limits(caller: Caller, total: number, used: number): LookupLimits {
    const remaining = Math.max(0, total - used);
    return {
      allowed: remaining > 0,
      remaining,
      used,
      total,
      need: upgradeNeed(caller.level),
      metered: true,
      initialized: true,
    };
  }

  private unmetered(): LookupLimits {
    return { allowed: true, remaining: null, used: 0, total: null, need: null, metered: false, initialized: true };
  }
}
