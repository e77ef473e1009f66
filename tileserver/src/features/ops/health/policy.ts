// Who sees what of the health answer: everyone the liveness part, an admin-level caller (the admin
// token or an admin session) the row counts, which would otherwise disclose table sizes.
import type { Caller } from '../../../auth/caller.ts';

export function maySeeTableCounts(caller: Caller): boolean {
  return caller.level === 'admin';
}
