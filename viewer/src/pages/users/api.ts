// The Members Dashboard's calls (GET /users/members.json, invitations and their withdrawal, roles, removal) and answer types.
import type { Role } from '@parcel-map/contracts/people/groups';
import { getJson, sendJson } from '../../api/client.ts';

export interface MembersAnswer {
  group: { name: string; path: string; tier: string; seats: number; seats_taken: number; billing_url: string };
  members: { user_id: number; name: string; email: string; role: Role }[];
  invitations: { email: string; role: Role; expires_at: string }[];
}

export const managersOnly =
  'Only available to managers. Please contact your account admin to change your user permissions.';

export const getMembers = () => getJson<MembersAnswer>('/users/members.json');
export const invite = (email: string, role: Role) => sendJson('POST', '/users/invitations.json', { email, role });
export const changeRole = (userId: number, role: Role) => sendJson('PUT', `/users/members/${userId}.json`, { role });
/** Removing someone replaces the account's API token (they may have kept it): the new one, shown once, or null. */
export const removeMember = (userId: number) =>
  sendJson<{ api_token: { token: string; hint: string } | null }>('DELETE', `/users/members/${userId}.json`);
export const revokeInvitation = (email: string) => sendJson('DELETE', '/users/invitations.json', { email });

/** The billing page a "seats taken" answer points to, when it carries one. */
export function billingUrlOf(error: unknown): string | null {
  const details = (error as { details?: { billing_url?: unknown } } | null)?.details;
  return typeof details?.billing_url === 'string' && details.billing_url.startsWith('/') ? details.billing_url : null;
}
