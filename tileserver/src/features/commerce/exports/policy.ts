// Who may do what with exports: pure functions of the Caller, table-tested. Exporting and buying data
// spends the account's allowance and money: its managers (the group rule 'manage_billing') and site
// admins may; a download link is its owner's alone (anyone else: 404).
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { mayOnGroup } from '../../people/groups/policy.ts';
import { managersOnlyText } from './pricing.ts';

export function mayExport(caller: Caller): boolean {
  if (caller.via !== 'session') return false;
  return (
    caller.level === 'admin' || (caller.group !== undefined && mayOnGroup(caller, caller.group.id, 'manage_billing'))
  );
}

export function assertMayExport(caller: Caller): void {
  if (!mayExport(caller)) throw new ApiError('FORBIDDEN', managersOnlyText);
}

/** The export's files and retries are its owner's (signed in with a session). */
export function mayUseExport(caller: Caller, row: { user_id: number }): boolean {
  return caller.via === 'session' && caller.user?.id === row.user_id;
}
