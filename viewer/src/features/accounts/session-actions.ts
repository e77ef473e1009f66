// Signing in and out from anywhere in the viewer: after either, the session is asked again (level,
// user, group, CSRF token) and the server's redirect_url is followed when it leads somewhere else.
import { isLocalPath } from '@parcel-map/contracts/people/accounts';
import { sendJson } from '../../api/client.ts';
import { loadSession } from '../../state/session.ts';

function here(): string {
  return location.pathname + location.search;
}

/** Goes to a local path the server answered, unless it is where we already are. */
export function follow(redirectUrl: string | null | undefined): boolean {
  if (!isLocalPath(redirectUrl) || redirectUrl === here()) return false;
  location.assign(redirectUrl);
  return true;
}

/** POST /users/sign_out.json?return_to=<this page>, then the anonymous session, then its redirect. */
export async function signOut(): Promise<void> {
  const answer = await sendJson<{ redirect_url: string }>('POST', '/users/sign_out.json', undefined, {
    return_to: here(),
  });
  await loadSession();
  follow(answer.redirect_url);
}
