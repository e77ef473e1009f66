// Who is an admin for the admin pages: a signed-in admin user (not while acting as someone else), or
// the ADMIN_TOKEN (bootstrap and automation).
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';

export function isAdmin(caller: Caller): boolean {
  if (caller.via === 'token') return caller.level === 'admin';
  return caller.via === 'session' && caller.user?.isAdmin === true && caller.session?.actingAdminId == null;
}

export function requireAdmin(caller: Caller): void {
  // 404, not 403: the admin pages do not exist for anyone else.
  if (!isAdmin(caller)) throw new ApiError('NOT_FOUND', 'No such page');
}
