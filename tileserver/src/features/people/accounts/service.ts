// What other features may do with user accounts (they call these, never accounts/queries.ts): read a
// user by id and their primary account, and make the user with an email an admin with a new password
// (the admin command line).
import type { Sql } from '../../../db/client.ts';
import { insertUser, primaryGroupOf, setAdmin, updateUser, userByEmail, userById, type UserRow } from './queries.ts';

export type { UserRow };

export async function accountUser(sql: Sql, id: number): Promise<UserRow | undefined> {
  return userById(sql, id);
}

/** The account the user works in (their primary group), if any. */
export async function primaryAccountOf(sql: Sql, id: number): Promise<number | undefined> {
  return primaryGroupOf(sql, id);
}

/**
 * The user with this email becomes an admin with this password; without one, a new admin user is made.
 * Their sessions are the caller's to revoke.
 */
export async function makeAdminUser(
  sql: Sql,
  admin: { email: string; name: string; passwordHash: string },
): Promise<{ userId: number; created: boolean }> {
  const existing = await userByEmail(sql, admin.email);
  if (existing) {
    await updateUser(sql, existing.id, { passwordHash: admin.passwordHash });
    await setAdmin(sql, existing.id);
    return { userId: existing.id, created: false };
  }
  const userId = (await insertUser(sql, {
    name: admin.name,
    email: admin.email,
    passwordHash: admin.passwordHash,
    profileAnswers: {},
    wantsEmail: false,
    source: 'admin-cli',
    isAdmin: true,
  }))!;
  return { userId, created: true };
}
