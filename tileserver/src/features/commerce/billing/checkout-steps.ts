// The steps every purchase shares (site plans in routes.ts, API plans in api-plans/checkout.ts, the cart in
// store/cart-routes.ts; the customer also for a new card in cards.ts), each
// inside the purchase's transaction: one checkout per user at a time, no second plan for an account,
// the processor's customer for the user, and the account made on the first purchase.
import { createHash } from 'node:crypto';
import type { SessionCaller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { addMember, createGroup, type GroupRow } from '../../people/groups/queries.ts';
import { duplicateAccountName } from '@parcel-map/contracts/people/groups';
import { activeSubscription, customerOf, saveCustomer } from './queries.ts';

/** A double click waits here, then finds the first purchase's order by its idempotency key. */
export async function lockCheckout(db: Sql, userId: number): Promise<void> {
  await db`SELECT pg_advisory_xact_lock(hashtext('checkout'), ${userId}::int)`;
}

/** The caller's account has no plan yet, or (no account) the new account's name is given and free. */
export async function assertCheckoutPossible(db: Sql, group: SessionCaller['group'], groupName: string | undefined): Promise<void> {
  if (group && (await activeSubscription(db, group.id))) {
    throw new ApiError('CONFLICT', 'Your account already has a plan: change it on the billing page.', { billing_url: `/g/${group.slug}/settings/billing` });
  }
  if (!group) {
    if (!groupName) throw new ApiError('BAD_REQUEST', 'Name your account');
    const [taken] = await db`SELECT 1 FROM groups WHERE lower(name) = lower(${groupName})`;
    if (taken) throw new ApiError('CONFLICT', duplicateAccountName);
  }
}

/** The idempotency key of a user's customer (a changed name or email makes another). */
export function customerKey(user: { id: number; email: string; name: string }): string {
  return `customer_${user.id}_${createHash('sha256').update(`${user.email}\n${user.name}`).digest('hex').slice(0, 16)}`;
}

/**
 * The user's customer at the processor, made once per user (an idempotency key): when the process dies
 * after the charge but before the checkout's transaction commits, the saved customer is rolled back
 * while the processor keeps it, with the card attached (a card cannot be attached to a second one).
 * The retry (same checkout key, so no second charge) then gets that same customer back.
 */
export async function customerFor(db: Sql, payments: PaymentProvider, user: SessionCaller['user']): Promise<string> {
  const known = await customerOf(db, user.id, payments.name);
  if (known) return known;
  const made = (await payments.createCustomer({ email: user.email, name: user.name, idempotencyKey: customerKey(user) })).id;
  await saveCustomer(db, user.id, payments.name, made);
  return made;
}

/** The caller's account, or a new one they manage (named at checkout). */
export async function accountForPurchase(db: Sql, caller: SessionCaller, groupName: string | undefined, tier: GroupRow['tier'], seats: number): Promise<number> {
  if (caller.group) return caller.group.id;
  const made = await createGroup(db, groupName!, tier, seats);
  if (!made) throw new ApiError('CONFLICT', duplicateAccountName);
  await addMember(db, made.id, caller.user.id, 'manager');
  return made.id;
}

/**
 * The processor key of a plan or API-access change made without a client key. It carries the account's
 * order count, which every committed change raises: a retry of an attempt that died before committing
 * repeats it (the processor answers that charge), any later change never does (M12). The `server`
 * namespace keeps it apart from a client's key (`<kind>:client:...`), whatever the client sends.
 */
export async function serverChangeKey(db: Sql, kind: 'change' | 'combo', groupId: number, subscriptionId: string, target: string): Promise<string> {
  const [orders] = await db<{ n: string }[]>`SELECT count(*)::text AS n FROM orders WHERE group_id = ${groupId}`;
  return `${kind}:server:${subscriptionId}:${orders!.n}:${target}`;
}

export const pastDueMessage = 'Your last payment was declined: update the card on the billing page and pay it before changing plan.';

/** The processor key of a change the client named (a retried request): never equal to a server key. */
export const clientChangeKey = (kind: 'change' | 'combo', groupId: number, key: string) => `${kind}:client:${groupId}:${key}`;
