// /admin/orders: every order (newest first, with the account and the user) and refunds. A refund goes
// back to the card through the payment provider, once per order and amount (idempotency key), never
// more than the order's charge less what was refunded before; it is recorded as a negative order.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { CallerResolver } from '../../../auth/caller.ts';
import { transaction, type Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { CardError, type PaymentProvider } from '../../../payments/provider.ts';
import { requireAdmin } from '../../people/admin/policy.ts';
import { allOrders, insertChangeOrder, lockOrder, refundedCents } from './queries.ts';

const refundBody = z.object({ amount_cents: z.number().int().positive('A refund needs an amount') });

type AdminOrderDeps = Parameters<typeof adminOrderRoutes>[0];

async function listOrders(c: Context, deps: AdminOrderDeps): Promise<Response> {
  requireAdmin(await deps.callers.of(c));
  const page = Math.max(0, Number(c.req.query('page') ?? 0) || 0);
  const orders = await allOrders(deps.sql, page);
  return c.json({ orders: orders.map((o) => ({ ...o, id: Number(o.id) })) });
}

async function refund(c: Context, deps: AdminOrderDeps): Promise<Response> {
  const caller = await deps.callers.of(c);
  requireAdmin(caller);
  const { amount_cents } = await requestBody(c, refundBody);
  const id = Number(c.req.param('id'));
  return transaction(deps.sql, async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw new ApiError('NOT_FOUND', 'No such order');
    if (!order.charge_id || order.amount_cents <= 0 || order.kind === 'refund')
      throw new ApiError('BAD_REQUEST', 'Only a charged order can be refunded');
    const refunded = await refundedCents(tx, order.charge_id);
    if (refunded + amount_cents > order.amount_cents)
      throw new ApiError('BAD_REQUEST', `At most ${order.amount_cents - refunded} cents are left to refund`);
    try {
      await deps.payments.refund({
        chargeId: order.charge_id,
        amountCents: amount_cents,
        idempotencyKey: `admin_refund_${id}_${refunded}_${amount_cents}`,
      });
    } catch (error) {
      if (error instanceof CardError) throw new ApiError('BAD_REQUEST', error.message);
      throw error;
    }
    await insertChangeOrder(tx, {
      groupId: order.group_id,
      userId: caller.user?.id ?? null,
      kind: 'refund',
      description: `Refund of order ${id}`,
      amountCents: -amount_cents,
      chargeId: order.charge_id,
    });
    return c.json({ status: 'ok', refunded_cents: refunded + amount_cents });
  });
}

export function adminOrderRoutes(deps: { sql: Sql; callers: CallerResolver; payments: PaymentProvider }): Hono {
  const app = new Hono();
  app.get('/admin/orders.json', (c) => listOrders(c, deps));
  app.post('/admin/orders/:id{[0-9]+}/refund.json', (c) => refund(c, deps));
  return app;
}
