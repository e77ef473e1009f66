// The side pane's #signup-signin tab (spec: side pane hash tabs). Any link to `#signup-signin` opens it
// (the side navigation, the logo menu, the lookup-limit banner); `mode=sign_in` picks the sign-in form
// and `redirect=/path` is where to continue after signing in (the pages send signed-out visitors here).
import { isLocalPath } from '@parcel-map/contracts/people/accounts';
import { atom } from 'jotai';

export type AccountMode = 'register' | 'sign_in';

export interface AccountTab {
  mode: AccountMode;
  /** A local path to follow after success (the server drops anything else). */
  redirect: string | null;
}

export const accountTabKey = 'signup-signin';

/** The tab a hash asks for, or null when it names no account tab. */
export function parseAccountHash(hash: string): AccountTab | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has(accountTabKey)) return null;
  const redirect = params.get('redirect');
  return {
    mode: params.get('mode') === 'sign_in' ? 'sign_in' : 'register',
    // Parsed as the browser will follow it (a tab in "/\t/evil.example" vanishes), then the origin compared.
    redirect: isLocalPath(redirect) ? redirect : null,
  };
}

/** The map-screen address that opens the tab, e.g. /#signup-signin&mode=sign_in&redirect=%2Fusers. */
export function accountTabUrl(tab: Partial<AccountTab> = {}): string {
  const params = new URLSearchParams();
  if (tab.mode === 'sign_in') params.set('mode', 'sign_in');
  if (tab.redirect) params.set('redirect', tab.redirect);
  const rest = params.toString();
  return `/#${accountTabKey}${rest ? `&${rest}` : ''}`;
}

export const accountTabAtom = atom<AccountTab | null>(null);
