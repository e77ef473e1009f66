// Offers: codes an admin makes at /admin/codes (GET and POST /admin/codes.json), each with its plan,
// cycle and price (per seat for per-seat plans), optionally for one account and until a date. Checkout
// and the change-plan form send the code. Guessing is made dear (Low 11): every refusal (unknown,
// expired, another account's, another plan's, already used) reads the same, attempts per user are
// limited, and a code bound to no account is used once per account (offer_redemptions).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { boundedString } from '@parcel-map/contracts/bounded-string';
import type { CallerResolver } from '../../../auth/caller.ts';
import { RateLimiter } from '../../../auth/rate-limit.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { requireAdmin } from '../../people/admin/policy.ts';
import { planById } from '../plans/plans.ts';
import {
  groupIdBySlug,
  insertOffer,
  insertRedemption,
  listOffers,
  offerByCode,
  offerRedeemed,
  type Offer,
} from './offer-queries.ts';

export type { Offer };

export const unknownOffer = 'That offer code is not valid for this plan and account.';

const limiters = new Map<number, RateLimiter>();

/** Counts one code attempt of a user: 429 past OFFER_CODE_ATTEMPTS_PER_HOUR (0: no limit). */
export function countOfferAttempt(config: Config, userId: number): void {
  const limit = config.OFFER_CODE_ATTEMPTS_PER_HOUR;
  if (limit === 0) return;
  let limiter = limiters.get(limit);
  if (!limiter) limiters.set(limit, (limiter = new RateLimiter({ limit, windowMs: 3_600_000, maxKeys: 50_000 })));
  limiter.hit(`user:${userId}`, 'Too many offer code attempts; wait an hour and try again');
}

/** Marks an account-free code used by the account, in the purchase's transaction; a second use is refused. */
export async function redeemOffer(db: Sql, offer: Offer, groupId: number): Promise<void> {
  if (offer.group_id !== null) return;
  if (!(await insertRedemption(db, offer.code, groupId))) throw new ApiError('BAD_REQUEST', unknownOffer);
}

const offerBody = z.object({
  code: boundedString(40)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,40}$/, 'A code is 3 to 40 letters, digits or dashes'),
  name: boundedString(100).trim().min(2),
  plan: boundedString(40).refine((p) => planById.get(p)?.purchasable === true, 'Choose a plan that can be bought'),
  cycle: z.enum(['monthly', 'annual']),
  price_cents: z.number().int().min(0).max(10_000_000),
  group_slug: boundedString(100).optional(),
  expires_at: z.coerce.date().optional(),
});

/** The offer a code names for this plan, cycle and account at `now`; throws the spec's refusal otherwise. */
export async function findOffer(
  sql: Sql,
  code: string,
  want: { plan: string; cycle: string; groupId: number | null; now: Date },
): Promise<Offer> {
  const offer = await offerByCode(sql, code.trim().toUpperCase(), want.now);
  const refused =
    !offer ||
    (offer.group_id !== null && Number(offer.group_id) !== want.groupId) ||
    offer.plan !== want.plan ||
    offer.cycle !== want.cycle;
  if (refused) throw new ApiError('BAD_REQUEST', unknownOffer);
  if (offer.group_id === null && want.groupId !== null && (await offerRedeemed(sql, offer.code, want.groupId))) {
    throw new ApiError('BAD_REQUEST', unknownOffer);
  }
  return offer;
}

type OfferDeps = Parameters<typeof offerRoutes>[0];

async function listCodes(c: Context, deps: OfferDeps): Promise<Response> {
  requireAdmin(await deps.callers.of(c));
  return c.json({ offers: await listOffers(deps.sql) });
}

async function makeCode(c: Context, deps: OfferDeps): Promise<Response> {
  const caller = await deps.callers.of(c);
  requireAdmin(caller);
  const body = await requestBody(c, offerBody);
  let groupId: number | null = null;
  if (body.group_slug) {
    const found = await groupIdBySlug(deps.sql, body.group_slug);
    if (found === undefined) throw new ApiError('BAD_REQUEST', `No account ${body.group_slug}`);
    groupId = found;
  }
  const made = await insertOffer(deps.sql, {
    code: body.code,
    name: body.name,
    plan: body.plan,
    cycle: body.cycle,
    priceCents: body.price_cents,
    groupId,
    expiresAt: body.expires_at ?? null,
    createdBy: caller.user?.id ?? null,
  });
  if (!made) throw new ApiError('CONFLICT', `The code ${body.code} exists already`);
  return c.json({ code: body.code }, 201);
}

export function offerRoutes(deps: { sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  app.get('/admin/codes.json', (c) => listCodes(c, deps));
  app.post('/admin/codes.json', (c) => makeCode(c, deps));
  return app;
}
