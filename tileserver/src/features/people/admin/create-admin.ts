// The first admin (npm run admin -- create --email E): a user with admin rights and a random
// password printed once. An existing user with that email becomes an admin and gets a new password;
// every session they had is revoked.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../../auth/passwords.ts';
import { revokeUserSessions } from '../../../auth/sessions.ts';
import type { Sql } from '../../../db/client.ts';
import { makeAdminUser } from '../accounts/service.ts';
import { emailAddress } from '@parcel-map/contracts/people/accounts';
import { audit } from './queries.ts';

export async function createAdmin(
  sql: Sql,
  email: string,
  name = 'Admin',
): Promise<{ userId: number; password: string; created: boolean }> {
  if (!emailAddress.safeParse(email).success) throw new Error(`not an email address: ${email}`);
  // 18 random bytes: 24 characters of base64url (144 bits), far past the password rule; the "-7"
  // suffix is kept so that printed passwords look as they always did.
  const password = `${randomBytes(18).toString('base64url')}-7`;
  const passwordHash = await hashPassword(password);
  const { userId, created } = await makeAdminUser(sql, { email, name, passwordHash });
  if (!created) {
    await revokeUserSessions(sql, userId);
    await audit(sql, { actorId: null, action: 'admin_cli_promote', targetUserId: userId });
    return { userId, password, created: false };
  }
  await audit(sql, { actorId: null, action: 'admin_cli_create', targetUserId: userId });
  return { userId, password, created: true };
}
