// What other features may do with groups (they call these, never groups/queries.ts): make the account
// a purchase or sign-up creates, managed by its buyer, and give an account its API token.
import { secretHash } from '../../../auth/sessions.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { duplicateAccountName } from '@parcel-map/contracts/people/groups';
import { addMember, createGroup, setApiToken, type GroupRow } from './queries.ts';

/** A new account with the user as its manager; a taken name is a 409 (numbered: "Name 2" instead). */
export async function createManagedAccount(db: Sql, account: { name: string; tier: GroupRow['tier']; seats: number; managerId: number; numbered?: boolean }): Promise<number> {
  const made = await createGroup(db, account.name, account.tier, account.seats, account.numbered);
  if (!made) throw new ApiError('CONFLICT', duplicateAccountName);
  await addMember(db, made.id, account.managerId, 'manager');
  return made.id;
}

/** Stores the account's API token (its hash, and the last four characters to recognise it by). */
export async function issueApiToken(db: Sql, groupId: number, token: string): Promise<void> {
  await setApiToken(db, groupId, secretHash(token), token.slice(-4));
}
