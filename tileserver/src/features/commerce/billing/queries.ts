// Billing rows: the payer's provider customer, cards, the group's subscription and orders, the admin's
// order list and refunds. Offer codes are in offer-queries.ts, the renewal run's rows in renewal-queries.ts.
import type { Sql } from '../../../db/client.ts';
import type { CardDetails } from '../../../payments/provider.ts';

export async function customerOf(sql: Sql, userId: number, provider: string): Promise<string | undefined> {
  const [row] = await sql<
    { customer_id: string }[]
  >`SELECT customer_id FROM billing_customers WHERE user_id = ${userId} AND provider = ${provider}`;
  return row?.customer_id;
}

export async function saveCustomer(sql: Sql, userId: number, provider: string, customerId: string): Promise<void> {
  await sql`INSERT INTO billing_customers (user_id, provider, customer_id) VALUES (${userId}, ${provider}, ${customerId})
    ON CONFLICT (user_id) DO UPDATE SET provider = EXCLUDED.provider, customer_id = EXCLUDED.customer_id`;
}

export async function orderByKey(
  sql: Sql,
  key: string,
): Promise<{ group_id: string; charge_id: string; amount_cents: number } | undefined> {
  const [row] = await sql<{ group_id: string; charge_id: string; amount_cents: number }[]>`
    SELECT group_id, charge_id, amount_cents FROM orders WHERE idempotency_key = ${key}`;
  return row;
}

export async function activeSubscription(sql: Sql, groupId: number): Promise<{ id: string; plan: string } | undefined> {
  const [row] = await sql<
    { id: string; plan: string }[]
  >`SELECT id, plan FROM subscriptions WHERE group_id = ${groupId} AND status <> 'canceled'`;
  return row;
}

export async function insertCard(
  sql: Sql,
  groupId: number,
  userId: number,
  provider: string,
  card: CardDetails,
): Promise<void> {
  await sql`
    INSERT INTO cards (token, group_id, added_by, provider, brand, last4, exp_month, exp_year, cardholder_name)
    VALUES (${card.token}, ${groupId}, ${userId}, ${provider}, ${card.brand}, ${card.last4}, ${card.expMonth}, ${card.expYear}, ${card.cardholderName})
    ON CONFLICT (token) DO NOTHING`;
}

export async function insertSubscription(
  sql: Sql,
  s: {
    groupId: number;
    plan: string;
    cycle: string;
    users: number;
    priceCents: number;
    cardToken: string;
    start: Date;
    end: Date;
  },
): Promise<void> {
  await sql`
    INSERT INTO subscriptions (group_id, plan, cycle, users, price_cents, card_token, period_start, period_end)
    VALUES (${s.groupId}, ${s.plan}, ${s.cycle}, ${s.users}, ${s.priceCents}, ${s.cardToken}, ${s.start}, ${s.end})`;
}

export async function insertOrder(
  sql: Sql,
  o: {
    groupId: number;
    userId: number;
    kind: string;
    description: string;
    amountCents: number;
    chargeId: string;
    key: string;
  },
): Promise<void> {
  await sql`
    INSERT INTO orders (group_id, user_id, kind, description, amount_cents, charge_id, idempotency_key)
    VALUES (${o.groupId}, ${o.userId}, ${o.kind}, ${o.description}, ${o.amountCents}, ${o.chargeId}, ${o.key})`;
}

export async function billingOf(sql: Sql, groupId: number) {
  const [subscription] = await sql<
    {
      id: string;
      plan: string;
      cycle: string;
      users: number;
      price_cents: number;
      status: string;
      period_end: Date;
      cancel_at_period_end: boolean;
      card_token: string | null;
      credit_cents: number;
      api_access: string | null;
      api_price_cents: number;
    }[]
  >`
    SELECT id, credit_cents, api_access, api_price_cents, plan, cycle, users, price_cents, status, period_end, cancel_at_period_end, card_token FROM subscriptions WHERE group_id = ${groupId}`;
  const cards = await sql<
    {
      token: string;
      brand: string;
      last4: string;
      exp_month: number;
      exp_year: number;
      cardholder_name: string;
      provider: string;
    }[]
  >`
    SELECT token, brand, last4, exp_month, exp_year, cardholder_name, provider FROM cards WHERE group_id = ${groupId} ORDER BY created_at`;
  const orders = await sql<{ id: string; kind: string; description: string; amount_cents: number; created_at: Date }[]>`
    SELECT id, kind, description, amount_cents, created_at FROM orders WHERE group_id = ${groupId} ORDER BY created_at DESC, id DESC LIMIT 100`;
  return {
    subscription: subscription ? { ...subscription, id: Number(subscription.id) } : null,
    cards,
    orders: orders.map((o) => ({ ...o, id: Number(o.id) })),
  };
}

/** A name another account already has (names are unique without regard to case). */
export async function accountNameTaken(sql: Sql, name: string): Promise<boolean> {
  const [taken] = await sql`SELECT 1 FROM groups WHERE lower(name) = lower(${name})`;
  return Boolean(taken);
}

export async function groupSlug(sql: Sql, groupId: number): Promise<string> {
  const [row] = await sql<{ slug: string }[]>`SELECT slug FROM groups WHERE id = ${groupId}`;
  return row!.slug;
}

/** The account's plan as the caller resolver reads it: tier, subtier (the plan) and seats. */
export async function setGroupPlan(
  sql: Sql,
  groupId: number,
  plan: { tier: string; subtier: string; seats: number },
): Promise<void> {
  await sql`UPDATE groups SET tier = ${plan.tier}, subtier = ${plan.subtier}, seats = ${plan.seats} WHERE id = ${groupId}`;
}

export async function setGroupSubtier(sql: Sql, groupId: number, subtier: string): Promise<void> {
  await sql`UPDATE groups SET subtier = ${subtier} WHERE id = ${groupId}`;
}

/** The orders a user placed and, for a manager (`groupId`), those of their account. */
export async function ordersOfUser(sql: Sql, userId: number, groupId: number | null) {
  return sql<
    { id: string; kind: string; description: string; amount_cents: number; created_at: Date; account: string | null }[]
  >`
    SELECT o.id, o.kind, o.description, o.amount_cents, o.created_at, g.name AS account
    FROM orders o LEFT JOIN groups g ON g.id = o.group_id
    WHERE o.user_id = ${userId} OR (${groupId}::bigint IS NOT NULL AND o.group_id = ${groupId})
    ORDER BY o.created_at DESC, o.id DESC LIMIT 500`;
}

/** An order without an idempotency key (plan changes made under the plan-change lock, refunds, renewals carry their own). */
export async function insertChangeOrder(
  sql: Sql,
  o: {
    groupId: number | string | null;
    userId: number | null;
    kind: string;
    description: string;
    amountCents: number;
    chargeId: string | null;
    key?: string | null;
  },
): Promise<void> {
  await sql`
    INSERT INTO orders (group_id, user_id, kind, description, amount_cents, charge_id, idempotency_key)
    VALUES (${o.groupId}, ${o.userId}, ${o.kind}, ${o.description}, ${o.amountCents}, ${o.chargeId}, ${o.key ?? null})`;
}

export async function orderIdByKey(sql: Sql, key: string): Promise<number> {
  const [order] = await sql<{ id: string }[]>`SELECT id FROM orders WHERE idempotency_key = ${key}`;
  return Number(order!.id);
}

/** The number of orders of an account: every committed change raises it (checkout-steps.ts serverChangeKey). */
export async function orderCount(sql: Sql, groupId: number): Promise<string> {
  const [orders] = await sql<{ n: string }[]>`SELECT count(*)::text AS n FROM orders WHERE group_id = ${groupId}`;
  return orders!.n;
}

/** The processor customer of the user who added the card: who pays with it. */
export async function customerOfCard(sql: Sql, cardToken: string): Promise<string | undefined> {
  const [payer] = await sql<
    { customer_id: string }[]
  >`SELECT b.customer_id FROM cards c JOIN billing_customers b ON b.user_id = c.added_by WHERE c.token = ${cardToken}`;
  return payer?.customer_id;
}

// The cards page.

export async function cardOfGroup(sql: Sql, token: string, groupId: number): Promise<{ in_use: boolean } | undefined> {
  const [card] = await sql<{ in_use: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM subscriptions s WHERE s.card_token = c.token AND s.status <> 'canceled') AS in_use
    FROM cards c WHERE c.token = ${token} AND c.group_id = ${groupId}`;
  return card;
}

export async function deleteCard(sql: Sql, token: string, groupId: number): Promise<void> {
  await sql`DELETE FROM cards WHERE token = ${token} AND group_id = ${groupId}`;
}

/** Makes the account's card pay for the subscription; false when either is not the account's. */
export async function setSubscriptionCard(
  sql: Sql,
  subscriptionId: number,
  groupId: number,
  token: string,
): Promise<'ok' | 'no_card' | 'no_subscription'> {
  const [card] = await sql`SELECT 1 FROM cards WHERE token = ${token} AND group_id = ${groupId}`;
  if (!card) return 'no_card';
  const updated =
    await sql`UPDATE subscriptions SET card_token = ${token} WHERE id = ${subscriptionId} AND group_id = ${groupId} RETURNING id`;
  return updated.length === 0 ? 'no_subscription' : 'ok';
}

// Stand-alone API plans bought through the checkout (api-checkout.ts).

export async function apiTrialEndOf(sql: Sql, groupId: number | string): Promise<Date | null> {
  const [account] = await sql<
    { trial_ends_at: Date | null }[]
  >`SELECT trial_ends_at FROM api_accounts WHERE group_id = ${groupId}`;
  return account?.trial_ends_at ?? null;
}

/** One free trial per person. */
export async function hadApiTrial(sql: Sql, userId: number): Promise<boolean> {
  const [hadTrial] = await sql`SELECT 1 FROM api_accounts WHERE trial_user_id = ${userId}`;
  return Boolean(hadTrial);
}

/** The API plan's subscription; a sandbox's (or an ended plan's) row becomes it. */
export async function upsertApiSubscription(
  sql: Sql,
  s: { groupId: number; plan: string; priceCents: number; cardToken: string; start: Date; end: Date },
): Promise<void> {
  await sql`
    INSERT INTO subscriptions (group_id, plan, cycle, users, price_cents, card_token, period_start, period_end)
    VALUES (${s.groupId}, ${s.plan}, 'monthly', 1, ${s.priceCents}, ${s.cardToken}, ${s.start}, ${s.end})
    ON CONFLICT (group_id) DO UPDATE SET plan = EXCLUDED.plan, cycle = 'monthly', users = 1, price_cents = EXCLUDED.price_cents,
      card_token = EXCLUDED.card_token, status = 'active', api_access = NULL, api_price_cents = 0, period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end,
      cancel_at_period_end = false, renewal_failures = 0, next_attempt_at = NULL`;
}

export async function upsertApiAccount(
  sql: Sql,
  a: { groupId: number; plan: string; start: Date; trialEndsAt: Date | null; trialUserId: number | null },
): Promise<void> {
  await sql`
    INSERT INTO api_accounts (group_id, plan, started_at, trial_ends_at, trial_user_id)
    VALUES (${a.groupId}, ${a.plan}, ${a.start}, ${a.trialEndsAt}, ${a.trialUserId})
    ON CONFLICT (group_id) DO UPDATE SET plan = EXCLUDED.plan, started_at = EXCLUDED.started_at, ends_at = NULL,
      trial_ends_at = EXCLUDED.trial_ends_at, counties = '{}', trial_user_id = coalesce(api_accounts.trial_user_id, EXCLUDED.trial_user_id)`;
}

// Plan changes (plan-change.ts), in the change's transaction.

export type SubscriptionRow = {
  id: string;
  status: string;
  plan: string;
  cycle: 'monthly' | 'annual';
  users: number;
  price_cents: number;
  period_start: Date;
  period_end: Date;
  credit_cents: number;
  card_token: string | null;
  api_access: 'api_standard' | 'api_premium' | null;
  api_price_cents: number;
};

export async function currentSubscription(sql: Sql, groupId: number): Promise<SubscriptionRow | undefined> {
  const [subscription] = await sql<
    SubscriptionRow[]
  >`SELECT * FROM subscriptions WHERE group_id = ${groupId} AND status <> 'canceled'`;
  return subscription;
}

export async function cancelAtPeriodEnd(sql: Sql, subscriptionId: string): Promise<void> {
  await sql`UPDATE subscriptions SET cancel_at_period_end = true WHERE id = ${subscriptionId}`;
}

export async function changeSubscription(
  sql: Sql,
  id: string,
  s: {
    plan: string;
    cycle: string;
    users: number;
    priceCents: number;
    apiPriceCents: number;
    periodStart: Date;
    periodEnd: Date;
    creditCents: number;
  },
): Promise<void> {
  await sql`
    UPDATE subscriptions SET plan = ${s.plan}, cycle = ${s.cycle}, users = ${s.users}, price_cents = ${s.priceCents}, api_price_cents = ${s.apiPriceCents},
      period_start = ${s.periodStart}, period_end = ${s.periodEnd}, credit_cents = ${s.creditCents}, cancel_at_period_end = false
    WHERE id = ${id}`;
}

// API access on a site plan (site-api-access.ts), in the change's transaction.

/** The answer of an API-access change already made with this key: the order and the subscription as it left it. */
export async function comboOrderByKey(sql: Sql, key: string, groupId: number) {
  const [done] = await sql<
    {
      amount_cents: number;
      api_access: 'api_standard' | 'api_premium' | null;
      credit_cents: number;
      api_price_cents: number;
    }[]
  >`
    SELECT o.amount_cents, s.api_access, s.credit_cents, s.api_price_cents FROM orders o JOIN subscriptions s ON s.group_id = o.group_id
    WHERE o.idempotency_key = ${key} AND o.group_id = ${groupId}`;
  return done;
}

export async function setApiAccess(
  sql: Sql,
  subscriptionId: string,
  a: { access: string | null; priceCents: number; creditCents: number },
): Promise<void> {
  await sql`UPDATE subscriptions SET api_access = ${a.access}, api_price_cents = ${a.priceCents}, credit_cents = ${a.creditCents} WHERE id = ${subscriptionId}`;
}

/**
 * A new API plan starts now; a change of tier keeps the start (and the month's usage, as a stand-alone
 * plan's change does). A sandbox row of this account becomes the paid plan.
 */
export async function startApiAccess(sql: Sql, groupId: number, plan: string, now: Date): Promise<void> {
  await sql`
    INSERT INTO api_accounts (group_id, plan, started_at)
    VALUES (${groupId}, ${plan}, ${now})
    ON CONFLICT (group_id) DO UPDATE SET plan = EXCLUDED.plan,
      started_at = CASE WHEN api_accounts.ends_at IS NULL AND api_accounts.plan <> 'api_sandbox' THEN api_accounts.started_at ELSE EXCLUDED.started_at END,
      ends_at = NULL, trial_ends_at = NULL, counties = '{}'`;
}

/** Ended, not deleted: the month's usage so far is still billed for overage (overage-billing.ts). */
export async function endApiAccess(sql: Sql, groupId: number, plan: string | null, now: Date): Promise<void> {
  await sql`UPDATE api_accounts SET ends_at = ${now} WHERE group_id = ${groupId} AND plan = ${plan}`;
}

// The admin's orders and refunds (admin-orders.ts).

/** A page of 100 orders, newest first, with the account, the user and what was refunded of each. */
export async function allOrders(sql: Sql, page: number) {
  return sql`
    SELECT o.id, o.kind, o.description, o.amount_cents, o.charge_id, o.created_at, g.name AS account, u.email,
      coalesce((SELECT -sum(r.amount_cents) FROM orders r WHERE r.kind = 'refund' AND r.charge_id = o.charge_id), 0)::int AS refunded_cents
    FROM orders o LEFT JOIN groups g ON g.id = o.group_id LEFT JOIN users u ON u.id = o.user_id
    ORDER BY o.created_at DESC, o.id DESC LIMIT 100 OFFSET ${page * 100}`;
}

/** The order, locked for the refund's transaction. */
export async function lockOrder(sql: Sql, id: number) {
  const [order] = await sql<
    { group_id: string | null; charge_id: string | null; amount_cents: number; kind: string }[]
  >`
    SELECT group_id, charge_id, amount_cents, kind FROM orders WHERE id = ${id} FOR UPDATE`;
  return order;
}

export async function refundedCents(sql: Sql, chargeId: string): Promise<number> {
  const [done] = await sql<{ refunded: number }[]>`
    SELECT coalesce(-sum(amount_cents), 0)::int AS refunded FROM orders WHERE kind = 'refund' AND charge_id = ${chargeId}`;
  return done!.refunded;
}

/** The account's plan ids: its plan (site or API plan, groups.subtier) and the API access on a site plan. */
export async function accountPlanIds(sql: Sql, groupId: number) {
  const [row] = await sql<{ subtier: string | null; api_access: string | null }[]>`
    SELECT g.subtier, s.api_access FROM groups g
    LEFT JOIN subscriptions s ON s.group_id = g.id AND s.status <> 'canceled'
    WHERE g.id = ${groupId}`;
  return row ?? { subtier: null, api_access: null };
}
