// Who may read the server's metrics: admins only (the admin token, as a Prometheus scraper sends it,
// or an admin session not acting as someone else); anyone else gets the 404 every admin page gives.
import type { Caller } from '../../../auth/caller.ts';
import { isAdmin, requireAdmin } from '../../people/admin/policy.ts';

export const mayReadMetrics = (caller: Caller): boolean => isAdmin(caller);

/** 404 for anyone but an admin. */
export function assertMayReadMetrics(caller: Caller): void {
  requireAdmin(caller);
}
