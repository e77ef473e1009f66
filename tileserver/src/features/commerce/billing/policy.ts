// Who may do what with an account's billing: pure functions of the Caller, table-tested. Buying,
// changing the plan and the cards are the account's managers' (the group rule 'manage_billing'); a
// signed-in user without an account may buy one. Any member reads the billing page of their own account.
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { mayOnGroup } from '../../people/groups/policy.ts';

export type BillingAction = 'buy_plan' | 'change_plan' | 'manage_cards' | 'view_billing' | 'view_account_orders';

export const planManagersOnly = 'Only managers can change the plan. Please contact your account admin.';
export const cardManagersOnly = 'Only managers can change the account’s cards. Please contact your account admin.';

/** Whether the caller may do `action` on the billing of their own account (`slug`: the account a page names). */
export function mayOnBilling(caller: Caller, action: BillingAction, slug?: string): boolean {
  if (caller.via !== 'session') return false;
  const group = caller.group;
  if (action === 'buy_plan') return !group || mayOnGroup(caller, group.id, 'manage_billing');
  if (!group) return false;
  if (action === 'view_billing') return group.slug === slug;
  return mayOnGroup(caller, group.id, 'manage_billing');
}

/** 403 with the action's own words unless the caller may. */
export function assertBilling(caller: Caller, action: 'buy_plan' | 'change_plan' | 'manage_cards'): void {
  if (!mayOnBilling(caller, action))
    throw new ApiError('FORBIDDEN', action === 'manage_cards' ? cardManagersOnly : planManagersOnly);
}
