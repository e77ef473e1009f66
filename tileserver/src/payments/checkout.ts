// The one way money is taken for a purchase: a transaction under an advisory lock (one purchase per
// user or account at a time), an earlier answer replayed for a repeated idempotency key, the charge made
// inside the transaction, and every charge refunded when the transaction then rolls back (the purchase
// could not be recorded). A declined card reaches the error handler as a CardError (402).
import { transaction, type Sql } from '../db/client.ts';
import type { Charge, PaymentProvider } from './provider.ts';

export interface CheckoutDeps {
  sql: Sql;
  payments: PaymentProvider;
}

export type ChargeInput = Parameters<PaymentProvider['charge']>[0];

/** Charges through the provider; the charge is refunded if the purchase's transaction rolls back. */
export type Pay = (input: ChargeInput) => Promise<Charge>;

export interface CheckoutOptions<T> {
  /** The advisory lock taken first: a double click waits here for the first purchase of the same scope and id. */
  lock: { scope: string; id: number };
  /** The answer of a purchase already made with this request's idempotency key (read under the lock), or undefined. */
  replay?: (db: Sql) => Promise<T | undefined>;
}

export async function checkout<T>(
  deps: CheckoutDeps,
  options: CheckoutOptions<T>,
  work: (db: Sql, pay: Pay) => Promise<T>,
): Promise<T> {
  const charged: { charge: Charge; input: ChargeInput }[] = [];
  const pay: Pay = async (input) => {
    const charge = await deps.payments.charge(input);
    charged.push({ charge, input });
    return charge;
  };
  try {
    return await transaction(deps.sql, async (db) => {
      await db`SELECT pg_advisory_xact_lock(hashtext(${options.lock.scope}), ${options.lock.id}::int)`;
      const done = options.replay ? await options.replay(db) : undefined;
      if (done !== undefined) return done;
      return work(db, pay);
    });
  } catch (error) {
    // Charged but not recorded: give the money back (once per charge, whatever retries follow).
    for (const { charge, input } of charged) {
      await deps.payments
        .refund({
          chargeId: charge.id,
          amountCents: input.amountCents,
          idempotencyKey: `refund_${input.idempotencyKey}`,
        })
        .catch(() => undefined);
    }
    throw error;
  }
}
