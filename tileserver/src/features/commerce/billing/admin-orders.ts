// /admin/orders: every order (newest first, with the account and the user) and refunds. A refund goes
// back to the card through the payment provider, once per order and amount (idempotency key), never
// more than the order's charge less what was refunded before; it is recorded as a negative order.
import { Hono } from 'hono';
import { z } from 'zod';
import type { CallerResolver } from '../../../auth/caller.ts';
import { transaction, type Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { CardError, type PaymentProvider } from '../../../payments/provider.ts';
import { requireAdmin } from '../../people/admin/policy.ts';

const refundBody = z.object({ amount_cents: z.number().int().positive('A refund needs an amount') });

export function adminOrderRoutes(deps: { sql: Sql; callers: CallerResolver; payments: PaymentProvider }): Hono {
  const app = new Hono();
  const { sql } = deps;

  app.get('/admin/orders.json', async (c) => {
    requireAdmin(await deps.callers.of(c));
    const page = Math.max(0, Number(c.req.query('page') ?? 0) || 0);
    const orders = await sql`
      SELECT o.id, o.kind, o.description, o.amount_cents, o.charge_id, o.created_at, g.name AS account, u.email,
        coalesce((SELECT -sum(r.amount_cents) FROM orders r WHERE r.kind = 'refund' AND r.charge_id = o.charge_id), 0)::int AS refunded_cents
      FROM orders o LEFT JOIN groups g ON g.id = o.group_id LEFT JOIN users u ON u.id = o.user_id
      ORDER BY o.created_at DESC, o.id DESC LIMIT 100 OFFSET ${page * 100}`;
    return c.json({ orders: orders.map((o) => ({ ...o, id: Number(o.id) })) });
  });

  app.post('/admin/orders/:id{[0-9]+}/refund.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireAdmin(caller);
    const { amount_cents } = await requestBody(c, refundBody);
    const id = Number(c.req.param('id'));
    return transaction(sql, async (tx) => {
      const [order] = await tx<{ group_id: string | null; charge_id: string | null; amount_cents: number; kind: string }[]>`
        SELECT group_id, charge_id, amount_cents, kind FROM orders WHERE id = ${id} FOR UPDATE`;
      if (!order) throw new ApiError('NOT_FOUND', 'No such order');
      if (!order.charge_id || order.amount_cents <= 0 || order.kind === 'refund') throw new ApiError('BAD_REQUEST', 'Only a charged order can be refunded');
      const [done] = await tx<{ refunded: number }[]>`SELECT coalesce(-sum(amount_cents), 0)::int AS refunded FROM orders WHERE kind = 'refund' AND charge_id = ${order.charge_id}`;
      if (done!.refunded + amount_cents > order.amount_cents) throw new ApiError('BAD_REQUEST', `At most ${order.amount_cents - done!.refunded} cents are left to refund`);
      try {
        await deps.payments.refund({ chargeId: order.charge_id, amountCents: amount_cents, idempotencyKey: `admin_refund_${id}_${done!.refunded}_${amount_cents}` });
      } catch (error) {
        if (error instanceof CardError) throw new ApiError('BAD_REQUEST', error.message);
        throw error;
      }
      await tx`
        INSERT INTO orders (group_id, user_id, kind, description, amount_cents, charge_id)
        VALUES (${order.group_id}, ${caller.user?.id ?? null}, 'refund', ${`Refund of order ${id}`}, ${-amount_cents}, ${order.charge_id})`;
      return c.json({ status: 'ok', refunded_cents: done!.refunded + amount_cents });
    });
  });

  return app;
}
