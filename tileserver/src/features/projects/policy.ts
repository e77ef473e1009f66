// Who may do what with a project: members of the owning group read and update it (permissions.update),
// a guest with the share link reads it, admins do everything; anyone else gets 404.
import type { Caller } from '../../auth/caller.ts';

export type ProjectAccess = 'none' | 'read' | 'update';

export function projectAccess(caller: Caller, project: { group_id: number }, sharedWithCaller: boolean): ProjectAccess {
  if (caller.level === 'admin' && caller.via === 'session') return 'update';
  if (caller.via === 'session' && caller.group?.id === project.group_id) return 'update';
  return sharedWithCaller ? 'read' : 'none';
}
