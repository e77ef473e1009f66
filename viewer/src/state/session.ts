// Who is using the viewer: the server's answer to /api/v1/session.json (level, user, group, CSRF
// token). Paid features (3D terrain, label tiles), the admin menu and the profile entry read it; the
// server decides every permission itself. Reloaded after sign-in, sign-out and plan changes.
import { atom } from 'jotai';
import { getJson, setCsrfToken } from '../api/client.ts';
import type { Level, SessionInfo } from '@parcel-map/contracts/people/session';
import { store } from './store.ts';

export type { Level, SessionInfo };
const levels: readonly Level[] = ['anonymous', 'free', 'pro', 'team', 'admin'];

export const anonymousSession: SessionInfo = {
  level: 'anonymous',
  display_level: 'Anon',
  has_sitecontrol: false,
  user: null,
  group: null,
  csrf_token: null,
  acting_as: false,
  test_payments: false,
};

export const sessionAtom = atom<SessionInfo>(anonymousSession);
/** False until the first answer, so that level-gated controls do not flash. */
export const sessionLoadedAtom = atom(false);
export const levelAtom = atom((get) => get(sessionAtom).level);
export const hasSiteControlAtom = atom((get) => get(sessionAtom).has_sitecontrol);
export const isAdminAtom = atom((get) => get(sessionAtom).level === 'admin');
export const signedInAtom = atom((get) => get(sessionAtom).user !== null);

/** Reads a session answer defensively: anything unexpected is the anonymous visitor. */
export function parseSession(body: unknown): SessionInfo {
  const value = (body ?? {}) as Partial<SessionInfo>;
  if (!levels.includes(value.level as Level)) return anonymousSession;
  return { ...anonymousSession, ...value } as SessionInfo;
}

/** Asks the server who the caller is; a rejected token or an error falls back to the anonymous visitor. */
export async function loadSession(): Promise<SessionInfo> {
  let session = anonymousSession;
  try {
    session = parseSession(await getJson('/api/v1/session.json'));
  } catch (error) {
    console.warn(`session: ${(error as Error).message}`);
  }
  setCsrfToken(session.csrf_token);
  store.set(sessionAtom, session);
  store.set(sessionLoadedAtom, true);
  return session;
}
