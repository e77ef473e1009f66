// Storage of a signed-in user's preferences (the preferences table): one JSON value per user and key.
import type { Sql } from '../../../db/client.ts';

/** Every key the user saved, with its value. */
export async function allPreferences(sql: Sql, userId: number): Promise<{ key: string; value: unknown }[]> {
  return sql<{ key: string; value: unknown }[]>`SELECT key, value FROM preferences WHERE user_id = ${userId}`;
}

/** One saved value, or null when the user never saved that key. */
export async function preferenceValue(sql: Sql, userId: number, key: string): Promise<unknown> {
  const [row] = await sql<
    { value: unknown }[]
  >`SELECT value FROM preferences WHERE user_id = ${userId} AND key = ${key}`;
  return row?.value ?? null;
}

/** Saves every entry in one transaction: a batch is written whole or not at all. */
export async function savePreferences(sql: Sql, userId: number, entries: [string, unknown][]): Promise<void> {
  await sql.begin(async (tx) => {
    for (const [key, value] of entries) {
      await tx`
        INSERT INTO preferences (user_id, key, value) VALUES (${userId}, ${key}, ${tx.json(value as never)})
        ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`;
    }
  });
}
