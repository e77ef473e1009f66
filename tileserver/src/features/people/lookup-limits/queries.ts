// Daily lookup counters, one row per subject and UTC day, raised atomically in PostgreSQL so that
// concurrent requests and several server processes never count past the limit.
import type { Sql } from '../../../db/client.ts';

/** Counts one lookup unless the subject is at its limit; answers the new count, or undefined at the limit. */
export async function takeLookup(sql: Sql, subject: string, limit: number): Promise<number | undefined> {
  const [row] = await sql<{ used: number }[]>`
    INSERT INTO lookups (day, subject, used) VALUES ((now() AT TIME ZONE 'UTC')::date, ${subject}, 1)
    ON CONFLICT (day, subject) DO UPDATE SET used = lookups.used + 1 WHERE lookups.used < ${limit}
    RETURNING used`;
  return row?.used;
}

export async function lookupsUsed(sql: Sql, subject: string): Promise<number> {
  const [row] = await sql<
    { used: number }[]
  >`SELECT used FROM lookups WHERE day = (now() AT TIME ZONE 'UTC')::date AND subject = ${subject}`;
  return row?.used ?? 0;
}

/** Seconds until the counters start again (UTC midnight), for Retry-After. */
export function secondsToUtcMidnight(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}
