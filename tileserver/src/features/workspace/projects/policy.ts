// Who may do what with a project: members of the owning group read and update it (permissions.update),
// a guest with the share link reads it, admins do everything; anyone else gets 404. Deleting it and
// making, replacing or stopping its share link ('manage') is for the group's managers and the member
// who created it: the spec ties Save and Delete to permissions.update without naming who holds it, so
// the rule of surveys (managers and the creator) is used for the actions that end or open access.
import type { Caller } from '../../../auth/caller.ts';

export type ProjectAccess = 'none' | 'read' | 'update' | 'manage';

const rank: Record<ProjectAccess, number> = { none: 0, read: 1, update: 2, manage: 3 };

export function projectAccess(
  caller: Caller,
  project: { group_id: number; created_by: number | null },
  sharedWithCaller: boolean,
): ProjectAccess {
  if (caller.level === 'admin' && caller.via === 'session') return 'manage';
  if (caller.via === 'session' && caller.group?.id === project.group_id) {
    const creator = project.created_by !== null && caller.user?.id === project.created_by;
    return caller.group.role === 'manager' || creator ? 'manage' : 'update';
  }
  return sharedWithCaller ? 'read' : 'none';
}

/** Whether an access level includes what an action needs ('manage' includes 'update', which includes 'read'). */
export const accessCovers = (access: ProjectAccess, need: ProjectAccess): boolean => rank[access] >= rank[need];
