// SQL of API plans: the account's api_accounts row (sandbox, trial, paid plan) with its usage, its usage cap, the
// months a plan was in force, cancelling at the period's end, the admin's list of sandboxes and trials, and
// the monthly overage run's usage rows.
import type { Sql } from '../../../db/client.ts';

export async function hadSandbox(sql: Sql, userId: number): Promise<boolean> {
  return (await sql`SELECT 1 FROM api_accounts WHERE sandbox_user_id = ${userId}`).length > 0;
}

/** The account's API plan in force (a sandbox counts until it is replaced), or null. */
export async function currentApiPlan(sql: Sql, groupId: number): Promise<string | null> {
  const [row] = await sql<
    { plan: string }[]
  >`SELECT plan FROM api_accounts WHERE group_id = ${groupId} AND (ends_at IS NULL OR plan = 'api_sandbox')`;
  return row?.plan ?? null;
}

export async function loadedCounties(sql: Sql) {
  return sql<{ path: string; name: string; headline: string; parcels: number }[]>`
    SELECT path, name, headline, parcels FROM county_coverage WHERE parcels > 0 ORDER BY headline LIMIT 5000`;
}

/** Those of the paths that are loaded counties. */
export async function loadedCountyPaths(sql: Sql, paths: string[]): Promise<string[]> {
  const rows = await sql<
    { path: string }[]
  >`SELECT path FROM county_coverage WHERE path = ANY(${paths}::text[]) AND parcels > 0`;
  return rows.map((row) => row.path);
}

export interface ApiAccountRow {
  group_id: string;
  plan: string;
  started_at: Date;
  ends_at: Date | null;
  trial_ends_at: Date | null;
  counties: string[];
  usage_cap_cents: number | null;
  sub_status: string | null;
  cancel_at_period_end: boolean | null;
  token_hint: string | null;
  /** A month's overage charge was declined and is not paid yet (the admin listing does not read it). */
  overage_unpaid?: boolean;
  tiles: string;
  records: string;
}

/** The account's API plan in force with its usage since `month` (a sandbox: since the month it started). */
export async function apiAccountWithUsage(
  sql: Sql,
  groupId: number,
  month: string,
): Promise<ApiAccountRow | undefined> {
  const [row] = await sql<ApiAccountRow[]>`
    SELECT a.group_id, a.plan, a.started_at, a.ends_at, a.trial_ends_at, a.counties, a.usage_cap_cents,
           s.status AS sub_status, s.cancel_at_period_end, g.api_token_hint AS token_hint,
           EXISTS (SELECT 1 FROM api_usage x WHERE x.group_id = a.group_id AND x.billing_failed_at IS NOT NULL AND x.billed_at IS NULL) AS overage_unpaid,
           coalesce(sum(u.tiles), 0)::text AS tiles, coalesce(sum(u.records), 0)::text AS records
    FROM api_accounts a
    JOIN groups g ON g.id = a.group_id
    -- A stand-alone API plan's subscription, or a Pro/Team one that includes it (api_combo).
    LEFT JOIN subscriptions s ON s.group_id = a.group_id AND (s.plan = a.plan OR s.api_access = a.plan)
    LEFT JOIN api_usage u ON u.group_id = a.group_id
      AND u.month >= CASE WHEN a.plan = 'api_sandbox' THEN date_trunc('month', a.started_at AT TIME ZONE 'UTC')::date ELSE ${month}::date END
    -- API access removed from a Pro/Team plan (ends_at set on a paid plan): no API plan any more.
    WHERE a.group_id = ${groupId} AND (a.ends_at IS NULL OR a.plan = 'api_sandbox')
    GROUP BY a.group_id, s.status, s.cancel_at_period_end, g.api_token_hint`;
  return row;
}

/** One sandbox sign-up per user at a time (in the sign-up's transaction). */
export async function lockSandbox(sql: Sql, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('api_sandbox'), ${userId}::int)`;
}

export async function hasApiAccount(sql: Sql, groupId: number): Promise<boolean> {
  return (await sql`SELECT 1 FROM api_accounts WHERE group_id = ${groupId}`).length > 0;
}

export async function apiTokenHint(sql: Sql, groupId: number): Promise<string | null> {
  const [row] = await sql<{ api_token_hint: string | null }[]>`SELECT api_token_hint FROM groups WHERE id = ${groupId}`;
  return row?.api_token_hint ?? null;
}

export async function startSandbox(
  sql: Sql,
  s: { groupId: number; start: Date; endsAt: Date; counties: string[]; userId: number },
): Promise<void> {
  await sql`
    INSERT INTO api_accounts (group_id, plan, started_at, ends_at, counties, sandbox_user_id)
    VALUES (${s.groupId}, 'api_sandbox', ${s.start}, ${s.endsAt}, ${s.counties}::text[], ${s.userId})`;
  await sql`UPDATE groups SET subtier = 'api_sandbox' WHERE id = ${s.groupId}`;
}

/** Sets the cap of a paid plan in force; false when the account has none (a sandbox has fixed limits). */
export async function setUsageCap(sql: Sql, groupId: number, capCents: number | null): Promise<boolean> {
  const [row] = await sql<{ plan: string }[]>`
    UPDATE api_accounts SET usage_cap_cents = ${capCents} WHERE group_id = ${groupId} AND plan <> 'api_sandbox' AND ends_at IS NULL RETURNING plan`;
  return row !== undefined;
}

/** Cancels the stand-alone API plan's subscription at its period's end: that end, or undefined without one. */
export async function cancelApiPlan(sql: Sql, groupId: number): Promise<Date | undefined> {
  const [row] = await sql<{ period_end: Date }[]>`
    UPDATE subscriptions SET cancel_at_period_end = true
    WHERE group_id = ${groupId} AND status <> 'canceled' AND plan IN (SELECT plan FROM api_accounts WHERE group_id = ${groupId})
    RETURNING period_end`;
  return row?.period_end;
}

/** API access rides on the account's Pro or Team plan (api_combo). */
export async function hasApiAccessOnPlan(sql: Sql, groupId: number): Promise<boolean> {
  return (
    (
      await sql`SELECT 1 FROM subscriptions WHERE group_id = ${groupId} AND status <> 'canceled' AND api_access IS NOT NULL`
    ).length > 0
  );
}

export async function apiTrials(sql: Sql) {
  return sql<
    {
      group_id: string;
      account: string;
      slug: string;
      email: string | null;
      plan: string;
      started_at: Date;
      ends_at: Date | null;
      trial_ends_at: Date | null;
      counties: string[];
      usage_cap_cents: number | null;
      sub_status: string | null;
      cancel_at_period_end: boolean | null;
      tiles: string;
      records: string;
      token_hint: string | null;
    }[]
  >`
    SELECT a.group_id, g.name AS account, g.slug, u.email, a.plan, a.started_at, a.ends_at, a.trial_ends_at, a.counties, a.usage_cap_cents,
           s.status AS sub_status, s.cancel_at_period_end, g.api_token_hint AS token_hint,
           coalesce((SELECT sum(tiles) FROM api_usage x WHERE x.group_id = a.group_id), 0)::text AS tiles,
           coalesce((SELECT sum(records) FROM api_usage x WHERE x.group_id = a.group_id), 0)::text AS records
    FROM api_accounts a
    JOIN groups g ON g.id = a.group_id
    LEFT JOIN users u ON u.id = coalesce(a.sandbox_user_id, a.trial_user_id)
    LEFT JOIN subscriptions s ON s.group_id = a.group_id AND s.plan = a.plan
    WHERE a.plan = 'api_sandbox' OR a.trial_ends_at IS NOT NULL
    ORDER BY a.started_at DESC LIMIT 500`;
}

// Moving between API plans (plan-switch.ts), in the plan-change transaction.

export async function apiPlanSubscription(sql: Sql, groupId: number) {
  const [row] = await sql<
    {
      plan: string;
      trial_ends_at: Date | null;
      sub_id: string;
      status: string;
      price_cents: number;
      period_start: Date;
      period_end: Date;
      credit_cents: number;
      card_token: string | null;
    }[]
  >`
    SELECT a.plan, a.trial_ends_at, s.id AS sub_id, s.status, s.price_cents, s.period_start, s.period_end, s.credit_cents, s.card_token
    FROM api_accounts a JOIN subscriptions s ON s.group_id = a.group_id AND s.plan = a.plan AND s.status <> 'canceled'
    WHERE a.group_id = ${groupId}`;
  return row;
}

export async function switchPlanRows(
  sql: Sql,
  groupId: number,
  subscriptionId: string,
  s: { plan: string; priceCents: number; creditCents: number },
): Promise<void> {
  await sql`UPDATE subscriptions SET plan = ${s.plan}, price_cents = ${s.priceCents}, credit_cents = ${s.creditCents} WHERE id = ${subscriptionId}`;
  await sql`UPDATE api_accounts SET plan = ${s.plan} WHERE group_id = ${groupId}`;
  await sql`UPDATE groups SET subtier = ${s.plan} WHERE id = ${groupId}`;
}

/** Records that `plan` was in force in `month` (the overage run prices the month by the dearest). */
export async function notePlanInMonth(sql: Sql, groupId: number, month: string, plan: string): Promise<void> {
  await sql`INSERT INTO api_plan_months (group_id, month, plan) VALUES (${groupId}, ${month}, ${plan}) ON CONFLICT DO NOTHING`;
}

export async function insertApiOrder(
  sql: Sql,
  o: {
    groupId: number;
    userId: number;
    kind: string;
    description: string;
    amountCents: number;
    chargeId: string | null;
  },
): Promise<void> {
  await sql`
    INSERT INTO orders (group_id, user_id, kind, description, amount_cents, charge_id)
    VALUES (${o.groupId}, ${o.userId}, ${o.kind}, ${o.description}, ${o.amountCents}, ${o.chargeId})`;
}

// The overage run (overage-billing.ts), one account-month per transaction.

export type UnbilledMonth = {
  group_id: string;
  month: Date;
  tiles: string;
  records: string;
  plan: string;
  month_plans: string[] | null;
  usage_cap_cents: number | null;
  card_token: string | null;
  customer_id: string | null;
};

/**
 * The next paid account's month before `monthStart` not billed yet (a decline is retried once `retryBefore`
 * has passed), locked, with the plans in force during it and the card that pays; SKIP LOCKED lets two
 * workers share the run.
 */
export async function nextUnbilledMonth(
  sql: Sql,
  monthStart: Date,
  retryBefore: Date,
  groupIds: number[] | null,
): Promise<UnbilledMonth | undefined> {
  const [row] = await sql<UnbilledMonth[]>`
    SELECT u.group_id, u.month, u.tiles, u.records, a.plan, a.usage_cap_cents, s.card_token, b.customer_id,
           (SELECT array_agg(m.plan) FROM api_plan_months m WHERE m.group_id = u.group_id AND m.month = u.month) AS month_plans
    FROM api_usage u
    JOIN api_accounts a ON a.group_id = u.group_id AND a.plan IN ('api_standard', 'api_premium')
      -- API access removed from a Pro/Team plan: months up to the one it ended in.
      AND (a.ends_at IS NULL OR u.month < a.ends_at)
    LEFT JOIN subscriptions s ON s.group_id = u.group_id
    LEFT JOIN cards c ON c.token = s.card_token
    LEFT JOIN billing_customers b ON b.user_id = c.added_by AND b.provider = c.provider
    WHERE u.month < ${monthStart} AND u.billed_at IS NULL
      AND (u.billing_failed_at IS NULL OR u.billing_failed_at <= ${retryBefore})
      AND (${groupIds}::bigint[] IS NULL OR u.group_id = ANY(${groupIds}::bigint[]))
    ORDER BY u.month, u.group_id LIMIT 1 FOR UPDATE OF u SKIP LOCKED`;
  return row;
}

export async function markOverageFailed(sql: Sql, groupId: string, month: Date, at: Date): Promise<void> {
  await sql`UPDATE api_usage SET billing_failed_at = ${at} WHERE group_id = ${groupId} AND month = ${month}`;
}

export async function insertOverageOrder(
  sql: Sql,
  o: { groupId: string; description: string; amountCents: number; chargeId: string | null; key: string },
): Promise<void> {
  await sql`
    INSERT INTO orders (group_id, kind, description, amount_cents, charge_id, idempotency_key)
    VALUES (${o.groupId}, 'overage', ${o.description}, ${o.amountCents}, ${o.chargeId}, ${o.key})`;
}

export async function markOverageBilled(
  sql: Sql,
  groupId: string,
  month: Date,
  amountCents: number,
  at: Date,
): Promise<void> {
  await sql`UPDATE api_usage SET billed_cents = ${amountCents}, billed_at = ${at} WHERE group_id = ${groupId} AND month = ${month}`;
}
