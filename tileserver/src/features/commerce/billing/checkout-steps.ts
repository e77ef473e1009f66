// The steps every purchase shares (site plans in routes.ts, API plans in api-checkout.ts, the cart in
// store/cart-routes.ts; the customer also for a new card in cards.ts), each inside the purchase's
// transaction (payments/checkout.ts): no second plan for an account, the processor's customer for the
// user, the account made on the first purchase, and the processor keys of plan changes.
import { createHash } from 'node:crypto';
import type { SessionCaller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { createManagedAccount } from '../../people/groups/service.ts';
import { duplicateAccountName } from '@parcel-map/contracts/people/groups';
import {
  accountNameTaken,
  activeSubscription,
  customerOf,
  insertOrder,
  orderByKey,
  orderCount,
  orderIdByKey,
  saveCustomer,
} from './queries.ts';

/** The caller's account has no plan yet, or (no account) the new account's name is given and free. */
export async function assertCheckoutPossible(
  db: Sql,
  group: SessionCaller['group'],
  groupName: string | undefined,
): Promise<void> {
  if (group && (await activeSubscription(db, group.id))) {
    throw new ApiError('CONFLICT', 'Your account already has a plan: change it on the billing page.', {
      billing_url: `/g/${group.slug}/settings/billing`,
    });
  }
  if (!group) {
    if (!groupName) throw new ApiError('BAD_REQUEST', 'Name your account');
    if (await accountNameTaken(db, groupName)) throw new ApiError('CONFLICT', duplicateAccountName);
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
  const made = (
    await payments.createCustomer({ email: user.email, name: user.name, idempotencyKey: customerKey(user) })
  ).id;
  await saveCustomer(db, user.id, payments.name, made);
  return made;
}

/** The caller's account, or a new one they manage (named at checkout). */
export async function accountForPurchase(
  db: Sql,
  caller: SessionCaller,
  groupName: string | undefined,
  tier: NonNullable<SessionCaller['group']>['tier'],
  seats: number,
): Promise<number> {
  if (caller.group) return caller.group.id;
  return createManagedAccount(db, { name: groupName!, tier, seats, managerId: caller.user.id });
}

/**
 * The processor key of a plan or API-access change made without a client key. It carries the account's
 * order count, which every committed change raises: a retry of an attempt that died before committing
 * repeats it (the processor answers that charge), any later change never does (M12). The `server`
 * namespace keeps it apart from a client's key (`<kind>:client:...`), whatever the client sends.
 */
export async function serverChangeKey(
  db: Sql,
  kind: 'change' | 'combo',
  groupId: number,
  subscriptionId: string,
  target: string,
): Promise<string> {
  return `${kind}:server:${subscriptionId}:${await orderCount(db, groupId)}:${target}`;
}

export const pastDueMessage =
  'Your last payment was declined: update the card on the billing page and pay it before changing plan.';

/** The processor key of a change the client named (a retried request): never equal to a server key. */
export const clientChangeKey = (kind: 'change' | 'combo', groupId: number, key: string) =>
  `${kind}:client:${groupId}:${key}`;

/** The id of the order a purchase with this idempotency key made, if one did (a repeated checkout). */
export async function orderIdOfKey(db: Sql, key: string): Promise<number | undefined> {
  return (await orderByKey(db, key)) ? orderIdByKey(db, key) : undefined;
}

/** Records a paid order in the purchase's transaction; answers its id. */
export async function recordOrder(
  db: Sql,
  order: {
    groupId: number | null;
    userId: number;
    kind: 'data';
    description: string;
    amountCents: number;
    chargeId: string;
    key: string;
  },
): Promise<number> {
  await insertOrder(db, { ...order, groupId: order.groupId as number });
  return orderIdByKey(db, order.key);
}
