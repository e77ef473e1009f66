// The cart (/orders/cart): export selections over the free allowance and store products, priced by the
// server (never by the client), and checkout: one charge through the payment provider (the billing
// checkout's customer and card handling), a 'data' order, and an export job per file. A repeated
// idempotency key answers the first order and charges once. Export prices shown are estimates: the
// month's free rows are applied across the cart in order, and checkout prices them again under the
// account's allowance lock (a changed total is a 409 with the new total, never a silent charge).
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { requireSession, type Caller, type CallerResolver, type SessionCaller } from '../../../auth/caller.ts';
import { systemClock, type Clock } from '../../../clock.ts';
import { formatUsd } from '@parcel-map/contracts/money';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { checkout } from '../../../payments/checkout.ts';
import type { EnqueueExport } from '../exports/export-job.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { customerFor, orderIdOfKey, recordOrder } from '../billing/checkout-steps.ts';
import { applyAllowance, freeRowsLeft, lockAllowance } from '../exports/allowance.ts';
import { pricing } from '../exports/pricing.ts';
import { exportItemsBody } from '@parcel-map/contracts/commerce/exports';
import { checkExport, ownerOf, recordExport } from '../exports/service.ts';
import { selectionBody } from '../exports/routes.ts';
import { exportFields, type SelectionDefinition } from '../exports/selection.ts';
import { readableProjectById } from '../../workspace/projects/service.ts';
import { assertCart } from './policy.ts';
import {
  cartOf,
  emptyCart,
  putCartItem,
  removeCartItem,
  removeStoreItemsOfPlace,
  repriceCartItem,
  storeCounties,
  storeCounty,
  type CartRow,
} from './queries.ts';
import {
  addBody,
  checkoutBody,
  normaliseAddons,
  removeBody,
  productPriceCents,
  shapefileTooLarge,
  statePriceCents,
  storeCatalog,
  type AddonId,
  type CartAnswer,
  type CartItem,
  type ProductId,
} from '@parcel-map/contracts/commerce/store';

const day = 24 * 3600 * 1000;

type CartDeps = Parameters<typeof cartRoutes>[0];

/** The routes' dependencies with the clock settled. */
type Ctx = CartDeps & { now: Clock };

/** The cart's rows priced against the allowance left now, the changed prices saved: what the cart shows. */
async function priced(deps: Ctx, db: Sql, caller: SessionCaller, rows: CartRow[]): Promise<CartRow[]> {
  const left = rows.some((r) => r.kind === 'export' && r.format === 'csv')
    ? await freeRowsLeft(db, deps.config, ownerOf(caller), deps.now())
    : 0;
  const next = applyAllowance(rows, left);
  for (const [i, r] of next.entries()) {
    if (r.price_cents === rows[i]!.price_cents && r.free_rows === rows[i]!.free_rows) continue;
    await repriceCartItem(db, caller.user.id, r.item_key, r.price_cents, r.free_rows);
  }
  return next;
}

async function answer(deps: Ctx, caller: SessionCaller): Promise<CartAnswer> {
  const rows = await priced(deps, deps.sql, caller, await cartOf(deps.sql, caller.user.id));
  const items: Record<string, CartItem> = {};
  for (const r of rows) {
    items[r.item_key] = {
      key: r.item_key,
      kind: r.kind,
      path: r.path,
      variant: r.variant,
      fmt: r.format,
      addons: r.addons,
      count: r.count,
      price: r.price_cents,
      map_id: r.project_id === null ? null : Number(r.project_id),
      all_parcels: false,
    };
  }
  return { items, total: rows.reduce((sum, r) => sum + r.price_cents, 0), count: rows.length };
}

async function session(c: Context, deps: Ctx): Promise<SessionCaller> {
  const caller: Caller = await deps.callers.of(c);
  requireSession(caller);
  return caller;
}

async function cartPage(c: Context, deps: Ctx): Promise<Response> {
  const caller = await session(c, deps);
  return c.json(await answer(deps, caller), 200, { 'Cache-Control': 'no-store' });
}

async function addExportItems(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await session(c, deps);
  const { items } = await requestBody(c, exportItemsBody);
  assertCart(caller, 'export');
  for (const item of items) {
    const project = await readableProjectById(sql, caller, item.map_id);
    const checked = await checkExport(sql, deps.config, caller, item, deps.now());
    if (!checked.quote.can_add_to_cart) {
      throw new ApiError(
        'BAD_REQUEST',
        checked.quote.warnings[0]?.message ?? 'This export cannot be added to the cart',
        { warnings: checked.quote.warnings },
      );
    }
    await putCartItem(sql, caller.user.id, {
      key: `${item.query.path}:${item.fmt}`,
      kind: 'export',
      path: item.query.path,
      variant: item.fmt,
      format: item.fmt,
      addons: [],
      count: checked.count,
      price: checked.quote.price_cents,
      freeRows: checked.quote.free_applied,
      definition: checked.definition,
      projectId: project.id,
      level: caller.level,
    });
  }
  return c.json({ ...(await answer(deps, caller)), url: '/orders/cart' });
}

/** A store product for a county (add.json) or a whole state (add_state.json). */
async function addStore(c: Context, deps: Ctx, state: boolean): Promise<Response> {
  const { sql } = deps;
  const caller = await session(c, deps);
  const body = await requestBody(c, addBody);
  assertCart(caller, 'store');
  const depth = body.path.split('/').length - 1;
  if (state !== (depth === 2))
    throw new ApiError(
      'BAD_REQUEST',
      state ? 'add_state.json takes a state path (/us/ma)' : 'add.json takes a county path (/us/ma/middlesex)',
    );
  const counties = state
    ? await storeCounties(sql, body.path)
    : [await storeCounty(sql, body.path)].filter((x) => x !== undefined);
  if (counties.length === 0) throw new ApiError('NOT_FOUND', 'No parcel data is for sale for that place');
  const parcels = counties.reduce((n, r) => n + r.parcels, 0);
  if (body.fmt === 'shp' && shapefileTooLarge(parcels))
    throw new ApiError('BAD_REQUEST', 'This place is too large for a shapefile: choose csv or GeoPackage');
  const addons = normaliseAddons(body.product, body.addons as AddonId[]);
  const price = [body.product, ...addons].reduce(
    (sum, id) =>
      sum +
      (state
        ? statePriceCents(
            id as ProductId,
            counties.map((r) => r.parcels),
          )
        : productPriceCents(id as ProductId, parcels)),
    0,
  );
  const extra = addons.flatMap(
    (id) => (storeCatalog.products.find((p) => p.id === id) as { fields?: string[] }).fields ?? [],
  );
  const base = exportFields(body.product).filter(
    (f) => !storeCatalog.products.some((p) => 'fields' in p && (p.fields as string[]).includes(f)),
  );
  const definition: SelectionDefinition = {
    query: { parcel: true, path: body.path, filters: {} },
    fields: [...base, ...new Set(extra)],
  };
  // One product per place: choosing another product updates the place's item.
  await removeStoreItemsOfPlace(sql, caller.user.id, body.path);
  await putCartItem(sql, caller.user.id, {
    key: `${body.path}:${body.product}`,
    kind: 'store',
    path: body.path,
    variant: body.product,
    format: body.fmt,
    addons,
    count: parcels,
    price,
    freeRows: 0,
    definition,
    projectId: null,
    level: body.product,
  });
  return c.json(await answer(deps, caller));
}

async function removeItem(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await session(c, deps);
  const { path } = await requestBody(c, removeBody);
  if (!(await removeCartItem(sql, caller.user.id, path)))
    throw new ApiError('NOT_FOUND', 'That item is not in your cart');
  return c.json(await answer(deps, caller));
}

async function checkOut(c: Context, deps: Ctx): Promise<Response> {
  const { sql, payments } = deps;
  const caller = await session(c, deps);
  const body = await requestBody(c, checkoutBody);
  const key = `data_${caller.user.id}_${body.idempotency_key}`;
  const enqueue = deps.enqueueExport;
  if (!enqueue) throw new ApiError('UNAVAILABLE', 'Orders are not available in this process');
  const replay = async (db: Sql) => {
    const orderId = await orderIdOfKey(db, key);
    return orderId === undefined
      ? undefined
      : { orderId, exports: [] as number[], repeated: true, repriced: undefined };
  };
  const made = await checkout(
    { sql, payments },
    { lock: { scope: 'checkout', id: caller.user.id }, replay },
    async (db, pay) => {
      let rows: CartRow[] = await cartOf(db, caller.user.id, true);
      if (rows.length === 0) throw new ApiError('BAD_REQUEST', 'Your cart is empty');
      if (rows.some((r) => r.kind === 'export')) assertCart(caller, 'export');
      // The quotes the cart showed were estimates: price it again where the allowance cannot move.
      await lockAllowance(db, ownerOf(caller));
      const shown = rows.reduce((sum, r) => sum + r.price_cents, 0);
      rows = await priced(deps, db, caller, rows);
      const total = rows.reduce((sum, r) => sum + r.price_cents, 0);
      if (total !== shown) return { orderId: 0, exports: [] as number[], repeated: false, repriced: { shown, total } };
      const customer = await customerFor(db, payments, caller.user);
      const card = await payments.attachCard(customer, body.payment_method_id);
      const description =
        `Data: ${rows.map((r) => `${r.path} ${r.variant}${r.kind === 'export' ? ` (${r.count.toLocaleString('en-US')} parcels)` : ''}`).join(', ')}`.slice(
          0,
          500,
        );
      const charged = await pay({
        customerId: customer,
        token: card.token,
        amountCents: total,
        description,
        idempotencyKey: key,
      });
      const orderId = await recordOrder(db, {
        groupId: caller.group?.id ?? null,
        userId: caller.user.id,
        kind: 'data',
        description,
        amountCents: total,
        chargeId: charged.id,
        key,
      });
      const created = deps.now();
      const exports: number[] = [];
      for (const r of rows) {
        exports.push(
          await recordExport(db, {
            groupId: caller.group?.id ?? null,
            userId: caller.user.id,
            projectId: r.project_id === null ? null : Number(r.project_id),
            orderId,
            kind: r.kind,
            path: r.path,
            format: r.format,
            product: r.kind === 'store' ? r.variant : null,
            level: r.level,
            definition: r.definition ?? { query: { parcel: true, path: r.path, filters: {} } },
            requested: r.count,
            freeRows: r.free_rows,
            priceCents: r.price_cents,
            token: randomBytes(24).toString('base64url'),
            createdAt: created,
            expiresAt: new Date(created.getTime() + pricing.download_days * day),
          }),
        );
      }
      await emptyCart(db, caller.user.id);
      // The jobs commit with the order: a paid order whose files no job makes cannot be left behind.
      for (const id of exports) await enqueue(id, c.get('requestId'), db);
      return { orderId, exports, repeated: false, repriced: undefined };
    },
  );
  if (made.repriced) {
    const { shown, total: changed } = made.repriced;
    throw new ApiError(
      'CONFLICT',
      `Your cart's total changed from ${formatUsd(shown)} to ${formatUsd(changed)}: this month's free export rows were used meanwhile. Nothing was charged; check the cart and pay again.`,
      { total: changed, previous_total: shown, cart_url: '/orders/cart' },
    );
  }
  return c.json(
    { order_id: made.orderId, exports: made.exports, repeated: made.repeated, url: '/profile/orders' },
    made.repeated ? 200 : 201,
  );
}

export function cartRoutes(deps: {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  payments: PaymentProvider;
  clock?: Clock;
  enqueueExport?: EnqueueExport;
}): Hono {
  const app = new Hono();
  const ctx: Ctx = { ...deps, now: deps.clock ?? systemClock };
  app.get('/orders/cart.json', (c) => cartPage(c, ctx));
  app.post('/orders/cart/add_export_items.json', selectionBody(), (c) => addExportItems(c, ctx));
  app.post('/orders/cart/add.json', (c) => addStore(c, ctx, false));
  app.post('/orders/cart/add_state.json', (c) => addStore(c, ctx, true));
  app.post('/orders/cart/remove.json', (c) => removeItem(c, ctx));
  app.post('/orders/cart/checkout.json', (c) => checkOut(c, ctx));
  return app;
}
