// Billing rows: the payer's provider customer, cards, the group's subscription and orders.
import type { Sql } from '../../../db/client.ts';
import type { CardDetails } from '../../../payments/provider.ts';

export async function customerOf(sql: Sql, userId: number, provider: string): Promise<string | undefined> {
  const [row] = await sql<{ customer_id: string }[]>`SELECT customer_id FROM billing_customers WHERE user_id = ${userId} AND provider = ${provider}`;
  return row?.customer_id;
}

export async function saveCustomer(sql: Sql, userId: number, provider: string, customerId: string): Promise<void> {
  await sql`INSERT INTO billing_customers (user_id, provider, customer_id) VALUES (${userId}, ${provider}, ${customerId})
    ON CONFLICT (user_id) DO UPDATE SET provider = EXCLUDED.provider, customer_id = EXCLUDED.customer_id`;
}

export async function orderByKey(sql: Sql, key: string): Promise<{ group_id: string; charge_id: string; amount_cents: number } | undefined> {
  const [row] = await sql<{ group_id: string; charge_id: string; amount_cents: number }[]>`
    SELECT group_id, charge_id, amount_cents FROM orders WHERE idempotency_key = ${key}`;
  return row;
}

export async function activeSubscription(sql: Sql, groupId: number): Promise<{ id: string; plan: string } | undefined> {
  const [row] = await sql<{ id: string; plan: string }[]>`SELECT id, plan FROM subscriptions WHERE group_id = ${groupId} AND status <> 'canceled'`;
  return row;
}

export async function insertCard(sql: Sql, groupId: number, userId: number, provider: string, card: CardDetails): Promise<void> {
  await sql`
    INSERT INTO cards (token, group_id, added_by, provider, brand, last4, exp_month, exp_year, cardholder_name)
    VALUES (${card.token}, ${groupId}, ${userId}, ${provider}, ${card.brand}, ${card.last4}, ${card.expMonth}, ${card.expYear}, ${card.cardholderName})
    ON CONFLICT (token) DO NOTHING`;
}

export async function insertSubscription(
  sql: Sql,
  s: { groupId: number; plan: string; cycle: string; users: number; priceCents: number; cardToken: string; start: Date; end: Date },
): Promise<void> {
  await sql`
    INSERT INTO subscriptions (group_id, plan, cycle, users, price_cents, card_token, period_start, period_end)
    VALUES (${s.groupId}, ${s.plan}, ${s.cycle}, ${s.users}, ${s.priceCents}, ${s.cardToken}, ${s.start}, ${s.end})`;
}

export async function insertOrder(
  sql: Sql,
  o: { groupId: number; userId: number; kind: string; description: string; amountCents: number; chargeId: string; key: string },
): Promise<void> {
  await sql`
    INSERT INTO orders (group_id, user_id, kind, description, amount_cents, charge_id, idempotency_key)
    VALUES (${o.groupId}, ${o.userId}, ${o.kind}, ${o.description}, ${o.amountCents}, ${o.chargeId}, ${o.key})`;
}

export async function billingOf(sql: Sql, groupId: number) {
  const [subscription] = await sql<{ id: string; plan: string; cycle: string; users: number; price_cents: number; status: string; period_end: Date; cancel_at_period_end: boolean; card_token: string | null; credit_cents: number; api_access: string | null; api_price_cents: number }[]>`
    SELECT id, credit_cents, api_access, api_price_cents, plan, cycle, users, price_cents, status, period_end, cancel_at_period_end, card_token FROM subscriptions WHERE group_id = ${groupId}`;
  const cards = await sql<{ token: string; brand: string; last4: string; exp_month: number; exp_year: number; cardholder_name: string; provider: string }[]>`
    SELECT token, brand, last4, exp_month, exp_year, cardholder_name, provider FROM cards WHERE group_id = ${groupId} ORDER BY created_at`;
  const orders = await sql<{ id: string; kind: string; description: string; amount_cents: number; created_at: Date }[]>`
    SELECT id, kind, description, amount_cents, created_at FROM orders WHERE group_id = ${groupId} ORDER BY created_at DESC, id DESC LIMIT 100`;
  return { subscription: subscription ? { ...subscription, id: Number(subscription.id) } : null, cards, orders: orders.map((o) => ({ ...o, id: Number(o.id) })) };
}
