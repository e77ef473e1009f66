// Who may put what in the cart and pay for it: pure functions of the Caller, table-tested. Anyone signed
// in may buy store products; an export selection follows the export rule (exports/policy.ts).
import type { Caller } from '../../../auth/caller.ts';
import { requireSession } from '../../../auth/caller.ts';
import { assertMayExport, mayExport } from '../exports/policy.ts';

export type CartItemKind = 'export' | 'store';

export function mayBuy(caller: Caller, kind: CartItemKind): boolean {
  if (caller.via !== 'session' || !caller.user) return false;
  return kind === 'store' || mayExport(caller);
}

/** 401 without a session; 403 (the export rule's words) for an export the caller may not buy. */
export function assertCart(caller: Caller, kind: CartItemKind): void {
  requireSession(caller);
  if (kind === 'export') assertMayExport(caller);
}
