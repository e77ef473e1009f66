// Who may do what with a group: pure functions of the Caller, unit-tested as a table.
import type { Caller } from '../../../auth/caller.ts';

export type GroupAction = 'view_members' | 'manage_members' | 'manage_token' | 'use';

export function mayOnGroup(caller: Caller, groupId: number, action: GroupAction): boolean {
  if (caller.level === 'admin' && caller.via === 'session') return true;
  if (caller.via !== 'session' || caller.group?.id !== groupId) return false;
  if (action === 'use' || action === 'view_members') return true;
  return caller.group.role === 'manager';
}
