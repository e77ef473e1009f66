// Who may do what with an account's API plan: pure functions of the Caller, table-tested. Changing,
// capping and cancelling it are the account's managers' (the group rule 'manage_billing').
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { mayOnGroup } from '../../people/groups/policy.ts';

export const apiPlanManagersOnly = 'Only managers can change the API plan. Please contact your account admin.';

export function mayManageApiPlan(caller: Caller): boolean {
  return caller.group !== undefined && mayOnGroup(caller, caller.group.id, 'manage_billing');
}

/** The caller's account, for a manager of it: 404 without one, 403 for anyone else. */
export function managedApiAccount(caller: Caller): NonNullable<Caller['group']> {
  if (!caller.group) throw new ApiError('NOT_FOUND', 'Your account has no API plan');
  if (!mayManageApiPlan(caller)) throw new ApiError('FORBIDDEN', apiPlanManagersOnly);
  return caller.group;
}
