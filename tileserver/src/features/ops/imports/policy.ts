// Who may see and run data imports: admins only (an admin session not acting as someone else, or the
// ADMIN_TOKEN); anyone else gets the 404 every admin page gives. Table-tested in policy.test.ts.
import type { Caller } from '../../../auth/caller.ts';
import { isAdmin, requireAdmin } from '../../people/admin/policy.ts';

export const mayManageImports = (caller: Caller): boolean => isAdmin(caller);

/** 404 for anyone but an admin: the import pages do not exist for them. */
export function assertMayManageImports(caller: Caller): void {
  requireAdmin(caller);
}
