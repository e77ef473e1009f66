// "Switch Back to Admin": ends the session that acts as a user, restores the admin's own session and
// follows the server's redirect (the admin's user list).
import { sendJson } from '../../api/client.ts';

export async function switchBackToAdmin(): Promise<void> {
  const answer = await sendJson<{ redirect_url?: string }>('POST', '/admin/sign_in_as/last');
  location.assign(answer.redirect_url ?? '/admin/users');
}

/** "Sign in as" a user from the admin pages: the server swaps the session, then the map opens as them. */
export async function signInAs(userId: number): Promise<void> {
  const answer = await sendJson<{ redirect_url?: string }>('POST', `/admin/sign_in_as/${userId}`);
  location.assign(answer.redirect_url ?? '/');
}
