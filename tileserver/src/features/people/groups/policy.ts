// Who may do what with a group: pure functions of the Caller, unit-tested as a table. Spending the
// account's money (plans, API plans, cards, paid data) is its managers' business alone: a site admin
// who is not the account's manager may not, unlike the other actions.
import type { Caller } from '../../../auth/caller.ts';

export type GroupAction = 'view_members' | 'manage_members' | 'manage_token' | 'use' | 'manage_billing';

export function mayOnGroup(caller: Caller, groupId: number, action: GroupAction): boolean {
  if (action === 'manage_billing')
    return caller.via === 'session' && caller.group?.id === groupId && caller.group.role === 'manager';
  if (caller.level === 'admin' && caller.via === 'session') return true;
  if (caller.via !== 'session' || caller.group?.id !== groupId) return false;
  if (action === 'use' || action === 'view_members') return true;
  return caller.group.role === 'manager';
}
