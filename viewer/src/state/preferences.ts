// The caller's preferences as shared state: kept on the server for signed-in users (GET/POST
// /preferences.json) with a local cache that another tab's `storage` event refreshes, and in this
// browser's storage for anonymous visitors. The logic lives in model/preferences.ts.
import { atom } from 'jotai';
import { getJson, sendJson } from '../api/client.ts';
import {
  anonymousStoredKeys,
  applyPending,
  mergePreferences,
  preferencesAfterStorageEvent,
  readAnonymous,
  readUserCache,
  sanitize,
  writeAnonymous,
  writeUserCache,
  type PreferenceKey,
  type Preferences,
  type Scope,
} from '../model/preferences.ts';
import { sessionAtom, sessionLoadedAtom } from './session.ts';
import { store } from './store.ts';

export const preferencesAtom = atom<Preferences>({});
/** False until the caller's preferences are known, so that dismissed notices do not flash. */
export const preferencesLoadedAtom = atom(false);

// The loader's bookkeeping, never rendered, so kept beside it rather than in the store: whose
// preferences these are, saves still on their way, and the sequence that drops a superseded load.
let scope: Scope = { kind: 'anonymous' };
/** Saves made while the server's answer is on its way; they win over it. */
let pending: Preferences = {};
let loadId = 0;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function scopeOfSession(): Scope {
  const user = store.get(sessionAtom).user;
  return user ? { kind: 'user', id: user.id } : { kind: 'anonymous' };
}

async function load(next: Scope): Promise<void> {
  const id = ++loadId;
  scope = next;
  pending = {};
  const local = storage();
  if (next.kind === 'anonymous') {
    store.set(preferencesAtom, local ? readAnonymous(local) : {});
    store.set(preferencesLoadedAtom, true);
    return;
  }
  const cached = local ? readUserCache(local, next.id) : {};
  store.set(preferencesAtom, cached);
  let server: Preferences | null;
  try {
    server = sanitize((await getJson<{ data?: unknown }>('/preferences.json')).data);
  } catch (error) {
    console.warn(`preferences: ${(error as Error).message}`);
    server = null;
  }
  if (id !== loadId) return; // another sign-in or sign-out came first
  const prefs = applyPending(mergePreferences(server, cached), pending);
  store.set(preferencesAtom, prefs);
  if (server !== null && local) writeUserCache(local, next.id, prefs);
  store.set(preferencesLoadedAtom, true);
}

/**
 * Saves one preference: at once in the state and the local cache (or the anonymous visitor's storage),
 * then on the server for a signed-in user. A failed save is logged and rethrown.
 */
export async function savePreference<K extends PreferenceKey>(
  key: K,
  value: NonNullable<Preferences[K]>,
): Promise<void> {
  const prefs = { ...store.get(preferencesAtom), [key]: value };
  store.set(preferencesAtom, prefs);
  const local = storage();
  if (scope.kind === 'anonymous') {
    if (local) writeAnonymous(local, key, value);
    return;
  }
  pending = { ...pending, [key]: value };
  if (local) writeUserCache(local, scope.id, prefs);
  try {
    await sendJson('POST', '/preferences.json', { data: { [key]: value } });
  } catch (error) {
    console.error(`preferences: could not save ${key}: ${(error as Error).message}`);
    throw error;
  }
}

/** Whether a key survives a reload for the current caller (the Canada notice: only when signed in). */
export function isPersistent(key: PreferenceKey): boolean {
  return scope.kind === 'user' || anonymousStoredKeys.includes(key);
}

/** Follows the session (sign-in, sign-out, acting as a user) and other tabs. Called once, by effects.ts. */
export function initPreferences(): void {
  let requested = '';
  const follow = () => {
    if (!store.get(sessionLoadedAtom)) return;
    const next = scopeOfSession();
    const key = next.kind === 'user' ? `user:${next.id}` : 'anonymous';
    if (key === requested) return;
    requested = key;
    void load(next);
  };
  store.sub(sessionAtom, follow);
  store.sub(sessionLoadedAtom, follow);
  follow();
  window.addEventListener('storage', (event) => {
    const local = storage();
    if (!local || event.storageArea !== local) return;
    const next = preferencesAfterStorageEvent(event, scope, store.get(preferencesAtom), local);
    if (next) store.set(preferencesAtom, next);
  });
}
