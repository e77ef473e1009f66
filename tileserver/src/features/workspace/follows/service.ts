// What other features may ask of follows: for billing, the follows a smaller plan's limit has no room
// for (each user's newest past the limit) and their removal.
import type { Sql } from '../../../db/client.ts';
import { deleteFollowsOfUsers, followsBeyond } from './queries.ts';

export async function followsPastLimit(
  sql: Sql,
  userIds: number[],
  limit: number,
): Promise<{ id: string; path: string; user_id: string }[]> {
  return userIds.length === 0 ? [] : followsBeyond(sql, userIds, limit);
}

export async function removeFollowsPastLimit(sql: Sql, userIds: number[], ids: number[]): Promise<void> {
  await deleteFollowsOfUsers(sql, userIds, ids);
}
