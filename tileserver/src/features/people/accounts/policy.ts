// What the session answer grants a caller: the plan name shown for its level and whether the viewer
// shows site-control tools. Pure functions of the Caller, table-tested; the server still decides each
// permission itself where it is used.
import type { Caller } from '../../../auth/caller.ts';
import { isPaid } from '@parcel-map/contracts/levels';

const displayNames = { free: 'Starter', pro: 'Pro', team: 'Team' } as const;

/** The plan name the viewer shows: Anon for anonymous visitors, else the group's tier (Starter without one). */
export function displayLevel(caller: Caller): 'Anon' | (typeof displayNames)[keyof typeof displayNames] {
  return caller.level === 'anonymous' ? 'Anon' : displayNames[caller.group?.tier ?? 'free'];
}

/** Whether the viewer shows site-control tools (Pro, Team, admins). */
export function hasSiteControl(caller: Caller): boolean {
  return isPaid(caller.level);
}
