// The caller's token until accounts exist: taken once from `?token=` in the page URL, kept in
// sessionStorage for the tab (so reloads and in-app navigation keep it), and removed from the address
// bar so it is not shared with a copied link. API calls carry it (api/client.ts).
import { setToken } from '../api/client.ts';

export const tokenStorageKey = 'parcel_token';

/** The token to use and the query string to leave in the URL: a token in the URL wins over the stored one. */
export function takeToken(search: string, stored: string | null): { token: string | null; search: string } {
  const params = new URLSearchParams(search);
  const fromUrl = params.get('token');
  if (fromUrl === null) return { token: stored || null, search };
  params.delete('token');
  const rest = params.toString();
  return { token: fromUrl || stored || null, search: rest ? `?${rest}` : '' };
}

function readStored(): string | null {
  try {
    return sessionStorage.getItem(tokenStorageKey);
  } catch {
    return null;
  }
}

/** Runs before the first API call. */
export function initToken(): void {
  const { token, search } = takeToken(location.search, readStored());
  if (search !== location.search)
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  if (!token) return;
  setToken(token);
  try {
    sessionStorage.setItem(tokenStorageKey, token);
  } catch {
    // Private mode: the token lasts for this page only.
  }
}
