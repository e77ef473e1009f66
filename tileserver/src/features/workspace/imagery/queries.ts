// The image meter's counts: one row per subject, raised only while under the allowance, in one
// statement, so concurrent requests can never pass the limit together.
import type { Sql } from '../../../db/client.ts';

/** The new count after taking one image, or undefined at the limit. */
export async function takeImage(sql: Sql, subject: string, total: number): Promise<number | undefined> {
  const [row] = await sql<{ used: number }[]>`
    INSERT INTO image_views AS v (subject, used) VALUES (${subject}, 1)
    ON CONFLICT (subject) DO UPDATE SET used = v.used + 1, updated_at = now() WHERE v.used < ${total}
    RETURNING used`;
  return row && row.used <= total ? row.used : undefined;
}

/** Gives an image back when the provider failed to deliver it. */
export async function refundImage(sql: Sql, subject: string): Promise<void> {
  await sql`UPDATE image_views SET used = used - 1 WHERE subject = ${subject} AND used > 0`;
}

export async function imagesUsed(sql: Sql, subject: string): Promise<number> {
  const [row] = await sql<{ used: number }[]>`SELECT used FROM image_views WHERE subject = ${subject}`;
  return row?.used ?? 0;
}

/**
 * The parcel's point (inside it) and the heading a street-level camera on the nearest street (within
 * 150 m) needs to face it; heading null when no street is near.
 */
export async function parcelPoint(
  sql: Sql,
  path: string,
): Promise<{ lat: number; lon: number; heading: number | null } | undefined> {
  const [row] = await sql<{ lat: number; lon: number; heading: number | null }[]>`
    WITH parcel AS (
      SELECT coalesce(ST_SetSRID(ST_MakePoint(p.lon, p.lat), 4326), ST_PointOnSurface(p.geom)) AS pt FROM parcels p WHERE p.path = ${path}
    )
    SELECT ST_Y(pt) AS lat, ST_X(pt) AS lon,
      (SELECT degrees(ST_Azimuth(ST_ClosestPoint(st.geom, pt)::geography, pt::geography))
         FROM streets st WHERE ST_DWithin(st.geom_3857, ST_Transform(pt, 3857), 150)
         ORDER BY st.geom_3857 <-> ST_Transform(pt, 3857) LIMIT 1) AS heading
    FROM parcel`;
  return row;
}
