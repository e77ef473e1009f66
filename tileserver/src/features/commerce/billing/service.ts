// What other features may ask of billing: an account's plan ids (the session answer carries them so
// that the viewer's logo names the plan the account really has: API, API access on a site plan, ...).
import type { Sql } from '../../../db/client.ts';
import { accountPlanIds } from './queries.ts';

export async function accountPlans(
  sql: Sql,
  groupId: number,
): Promise<{ subtier: string | null; api_access: string | null }> {
  return accountPlanIds(sql, groupId);
}
