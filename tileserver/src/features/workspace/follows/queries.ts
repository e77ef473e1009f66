// SQL of follows: a user's followed places and bookmarked parcels. Every query is scoped by user_id,
// so another user's follow is never read or changed (the routes answer 404).
import type { Sql } from '../../../db/client.ts';

export interface FollowRow {
  id: number;
  kind: 'parcel' | 'place';
  path: string;
  source_id: string;
  created_at: Date;
  address: string | null;
  owner: string | null;
  parcelnumb: string | null;
  headline: string | null;
  lon: number | null;
  lat: number | null;
}

// A parcel's centroid: its stored lon/lat, else a point on its surface; a place's: a point on its
// surface. Null when the followed object is gone.
const rowsOf = (sql: Sql, userId: number) => sql`
  SELECT f.id::float8 AS id, f.kind, f.path, f.source_id, f.created_at,
         p.address, p.owner, p.parcelnumb, pl.headline,
         coalesce(p.lon, ST_X(ST_PointOnSurface(p.geom)), ST_X(ST_PointOnSurface(pl.geom))) AS lon,
         coalesce(p.lat, ST_Y(ST_PointOnSurface(p.geom)), ST_Y(ST_PointOnSurface(pl.geom))) AS lat
  FROM follows f
  LEFT JOIN parcels p ON f.kind = 'parcel' AND p.path = f.path
  LEFT JOIN places pl ON f.kind = 'place' AND pl.path = f.path
  WHERE f.user_id = ${userId}`;

export async function followCount(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM follows WHERE user_id = ${userId}`;
  return row?.n ?? 0;
}

export async function followsPage(sql: Sql, userId: number, page: number, size: number): Promise<FollowRow[]> {
  return sql<
    FollowRow[]
  >`${rowsOf(sql, userId)} ORDER BY f.created_at DESC, f.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`;
}

/** Followed places and bookmarks (datasets have their own list, dataset-queries.ts). */
export async function allFollows(sql: Sql, userId: number, kind?: 'parcel' | 'place'): Promise<FollowRow[]> {
  const onlyKind = kind ? sql`AND f.kind = ${kind}` : sql`AND f.kind <> 'dataset'`;
  return sql<FollowRow[]>`${rowsOf(sql, userId)} ${onlyKind} ORDER BY f.created_at DESC, f.id DESC`;
}

export async function followByPath(sql: Sql, userId: number, path: string): Promise<FollowRow | undefined> {
  const [row] = await sql<FollowRow[]>`${rowsOf(sql, userId)} AND f.path = ${path}`;
  return row;
}

export async function parcelExists(sql: Sql, path: string): Promise<boolean> {
  return (await sql`SELECT 1 FROM parcels WHERE path = ${path}`).length === 1;
}

export async function placeExists(sql: Sql, path: string): Promise<boolean> {
  return (await sql`SELECT 1 FROM places WHERE path = ${path}`).length === 1;
}

/**
 * Adds a follow unless the user already has it or is at their limit (undefined = unlimited). The count
 * and the insert are one statement, and a transaction-scoped lock per user serialises concurrent adds,
 * so two requests at once cannot both take the last place.
 */
export async function addFollow(
  sql: Sql,
  follow: { userId: number; kind: 'parcel' | 'place' | 'dataset'; path: string; sourceId: string },
  limit: number | undefined,
): Promise<'added' | 'exists' | 'full'> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('follows'), ${follow.userId}::int)`;
    if ((await tx`SELECT 1 FROM follows WHERE user_id = ${follow.userId} AND path = ${follow.path}`).length)
      return 'exists';
    const inserted = await tx`
      INSERT INTO follows (user_id, kind, path, source_id)
      SELECT ${follow.userId}, ${follow.kind}, ${follow.path}, ${follow.sourceId}
      WHERE ${limit ?? null}::int IS NULL OR (SELECT count(*) FROM follows WHERE user_id = ${follow.userId}) < ${limit ?? null}::int
      RETURNING id`;
    return inserted.length ? 'added' : 'full';
  }) as Promise<'added' | 'exists' | 'full'>;
}

export async function removeFollow(sql: Sql, userId: number, id: number): Promise<boolean> {
  return (await sql`DELETE FROM follows WHERE user_id = ${userId} AND id = ${id} RETURNING id`).length === 1;
}

export async function removeFollowByPath(sql: Sql, userId: number, path: string): Promise<boolean> {
  return (await sql`DELETE FROM follows WHERE user_id = ${userId} AND path = ${path} RETURNING id`).length === 1;
}

/** Each of these users' follows past their first `keep` (by creation): the newest ones over a limit. */
export async function followsBeyond(sql: Sql, userIds: number[], keep: number) {
  return sql<{ id: string; path: string; user_id: string }[]>`
    SELECT id, path, user_id FROM (
      SELECT id, path, user_id, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS n
      FROM follows WHERE user_id = ANY(${userIds})
    ) ranked WHERE n > ${keep} ORDER BY user_id, n`;
}

export async function deleteFollowsOfUsers(sql: Sql, userIds: number[], ids: number[]): Promise<void> {
  await sql`DELETE FROM follows WHERE user_id = ANY(${userIds}) AND id = ANY(${ids})`;
}
