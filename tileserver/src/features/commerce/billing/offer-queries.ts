// SQL of offer codes (offers.ts): a code by its text, its uses per account (offer_redemptions), the
// admin's list and new codes.
import type { Sql } from '../../../db/client.ts';

export interface Offer {
  code: string;
  plan: string;
  cycle: 'monthly' | 'annual';
  price_cents: number;
  group_id: string | null;
}

/** The offer of this code that has not expired at `now`. */
export async function offerByCode(sql: Sql, code: string, now: Date): Promise<Offer | undefined> {
  const [offer] = await sql<Offer[]>`
    SELECT code, plan, cycle, price_cents, group_id FROM offers
    WHERE code = ${code} AND (expires_at IS NULL OR expires_at > ${now})`;
  return offer;
}

export async function offerRedeemed(sql: Sql, code: string, groupId: number): Promise<boolean> {
  const [used] = await sql`SELECT 1 FROM offer_redemptions WHERE code = ${code} AND group_id = ${groupId}`;
  return Boolean(used);
}

/** Records the account's use of the code; false when it had used it before. */
export async function insertRedemption(sql: Sql, code: string, groupId: number): Promise<boolean> {
  const [used] =
    await sql`INSERT INTO offer_redemptions (code, group_id) VALUES (${code}, ${groupId}) ON CONFLICT DO NOTHING RETURNING code`;
  return Boolean(used);
}

export async function listOffers(sql: Sql) {
  return sql`
    SELECT o.code, o.name, o.plan, o.cycle, o.price_cents, o.expires_at, o.created_at, g.name AS account
    FROM offers o LEFT JOIN groups g ON g.id = o.group_id ORDER BY o.created_at DESC LIMIT 500`;
}

export async function groupIdBySlug(sql: Sql, slug: string): Promise<number | undefined> {
  const [group] = await sql<{ id: string }[]>`SELECT id FROM groups WHERE slug = ${slug}`;
  return group ? Number(group.id) : undefined;
}

/** A new code; false when the code exists already. */
export async function insertOffer(
  sql: Sql,
  o: {
    code: string;
    name: string;
    plan: string;
    cycle: string;
    priceCents: number;
    groupId: number | null;
    expiresAt: Date | null;
    createdBy: number | null;
  },
): Promise<boolean> {
  const [made] = await sql`
    INSERT INTO offers (code, name, plan, cycle, price_cents, group_id, expires_at, created_by)
    VALUES (${o.code}, ${o.name}, ${o.plan}, ${o.cycle}, ${o.priceCents}, ${o.groupId}, ${o.expiresAt}, ${o.createdBy})
    ON CONFLICT (code) DO NOTHING RETURNING code`;
  return Boolean(made);
}
