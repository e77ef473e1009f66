// What other features may do with groups (they call these, never groups/queries.ts): make the account
// a purchase, sign-up or admin creates, managed by its buyer, read an account, set its plan (admins), give
// it its API token, and list and remove the members a smaller plan has no seat for.
import { secretHash } from '../../../auth/sessions.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { duplicateAccountName } from '@parcel-map/contracts/people/groups';
import {
  addMember,
  createGroup,
  groupById,
  membersBeyond,
  nameTakenByOther,
  removeMembers,
  setApiToken,
  updateGroupPlan,
  type GroupRow,
} from './queries.ts';

export type { GroupRow };

/** A new account with the user as its manager; a taken name is a 409 (numbered: "Name 2" instead). */
export async function createManagedAccount(
  db: Sql,
  account: { name: string; tier: GroupRow['tier']; seats: number; managerId: number; numbered?: boolean },
): Promise<number> {
  const made = await createGroup(db, account.name, account.tier, account.seats, account.numbered);
  if (!made) throw new ApiError('CONFLICT', duplicateAccountName);
  await addMember(db, made.id, account.managerId, 'manager');
  return made.id;
}

/** Stores the account's API token (its hash, and the last four characters to recognise it by). */
export async function issueApiToken(db: Sql, groupId: number, token: string): Promise<void> {
  await setApiToken(db, groupId, secretHash(token), token.slice(-4));
}

/** An admin's change of an account's tier and seats, and of its name when given (a name another account has is a 409). */
export async function setAccountPlan(
  db: Sql,
  groupId: number,
  change: { tier: GroupRow['tier']; seats: number; name?: string },
): Promise<void> {
  if (change.name && (await nameTakenByOther(db, change.name, groupId)))
    throw new ApiError('CONFLICT', duplicateAccountName);
  await updateGroupPlan(db, groupId, { tier: change.tier, seats: change.seats, name: change.name ?? null });
}

export async function accountById(db: Sql, groupId: number): Promise<GroupRow | undefined> {
  return groupById(db, groupId);
}

/** The members a plan of `seats` seats has no room for: those past the first `seats` (managers first, then by seniority). */
export async function membersPastSeats(
  db: Sql,
  groupId: number,
  seats: number,
): Promise<{ name: string; role: string; user_id: string }[]> {
  return membersBeyond(db, groupId, seats);
}

/** Members a smaller plan has no seat for leave the account (and it stops being their primary one). */
export async function removeMembersPastSeats(db: Sql, groupId: number, userIds: number[]): Promise<void> {
  await removeMembers(db, groupId, userIds);
}
