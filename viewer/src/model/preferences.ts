// User preferences (map.md sections 3, 4 and 7): map colours, the zoom reminder and Canada notice
// dismissals, the parcel pane's field choices and the measuring units. Pure functions over plain
// values, so tests need no browser: shape checks, merging the server's answer with the local cache,
// browser storage for anonymous visitors, and the reading of `storage` events from other tabs.
// Keys and value shapes are the preference contract's; the viewer keeps the subset it uses.
import type { z } from 'zod';
import { preferenceValues, type PreferenceKey as ContractKey } from '@parcel-map/contracts/workspace/preferences';
import type { AreaUnit, DistanceUnit } from './units.ts';

export const preferenceKeys = [
  'map_colors',
  'zoom_in_reminder_dismissed',
  'parcel_detail_preferences',
  'units',
  'canada_fields_notice_dismissed',
] as const satisfies readonly ContractKey[];
export type PreferenceKey = (typeof preferenceKeys)[number];

/** Field name to shown (a missing field is shown; false or "false" hides it); additional_items lists add-on fields. */
export type ParcelDetailPreferences = z.infer<(typeof preferenceValues)['parcel_detail_preferences']>;

export interface Preferences {
  map_colors?: z.infer<(typeof preferenceValues)['map_colors']>;
  zoom_in_reminder_dismissed?: boolean;
  parcel_detail_preferences?: ParcelDetailPreferences;
  /** The viewer writes only the {distance, area} form of the contract's units. */
  units?: { distance: DistanceUnit; area: AreaUnit };
  canada_fields_notice_dismissed?: boolean;
}

/**
 * What an anonymous visitor keeps in this browser. The spec keeps the Canada notice's dismissal and the
 * units only for signed-in users: for the visitor they last as long as the page.
 */
export const anonymousStoredKeys: readonly PreferenceKey[] = [
  'map_colors',
  'zoom_in_reminder_dismissed',
  'parcel_detail_preferences',
];

/** The local cache of a signed-in user's preferences (one entry, so another tab sees one storage event). */
export function userCacheKey(userId: number): string {
  return `preferences:user:${userId}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const unitChoice = preferenceValues.units.options[1];

/**
 * One value checked against its key's shape; undefined when it does not fit (a corrupt or foreign value).
 * Booleans and units are the contract's schemas as they are. Colours and field choices salvage what fits
 * from an older browser cache (the nested colour shape, a stray entry) instead of dropping the whole value.
 */
export function checkValue<K extends PreferenceKey>(key: K, value: unknown): Preferences[K] | undefined {
  switch (key) {
    case 'zoom_in_reminder_dismissed':
    case 'canada_fields_notice_dismissed': {
      const parsed = preferenceValues[key].safeParse(value);
      return (parsed.success ? parsed.data : undefined) as Preferences[K];
    }
    case 'map_colors': {
      if (!isRecord(value)) return undefined;
      // Older browsers kept {parcel: {street, satellite}, ...}: flatten it to parcel_street, ...
      const flat: Record<string, string> = {};
      for (const [k, v] of Object.entries(value)) {
        if (typeof v === 'string') flat[k] = v;
        else if (isRecord(v))
          for (const [variant, color] of Object.entries(v))
            if (typeof color === 'string') flat[`${k}_${variant}`] = color;
      }
      return flat as Preferences[K];
    }
    case 'parcel_detail_preferences': {
      if (!isRecord(value)) return undefined;
      const prefs: ParcelDetailPreferences = {};
      for (const [k, v] of Object.entries(value)) {
        if (typeof v === 'boolean' || v === 'true' || v === 'false') prefs[k] = v;
        else if (Array.isArray(v)) prefs[k] = v.filter((item): item is string => typeof item === 'string');
      }
      return prefs as Preferences[K];
    }
    case 'units': {
      if (!isRecord(value)) return undefined;
      const parsed = unitChoice.safeParse({ distance: value.distance, area: value.area });
      return (parsed.success ? parsed.data : undefined) as Preferences[K];
    }
    default:
      return undefined;
  }
}

/** Keeps the known keys whose values fit; anything else (an error page, a foreign key) is dropped. */
export function sanitize(raw: unknown): Preferences {
  const result: Preferences = {};
  if (!isRecord(raw)) return result;
  for (const key of preferenceKeys) {
    const value = checkValue(key, raw[key]);
    if (value !== undefined) (result as Record<string, unknown>)[key] = value;
  }
  return result;
}

/**
 * A signed-in user's preferences after the server answers: the server's value for each key it holds;
 * a key it lacks keeps the cached value (a save that had not reached it). A failed load falls back to
 * empty preferences (map.md section 4), never to the answer of a previous user.
 */
export function mergePreferences(server: Preferences | null, cached: Preferences): Preferences {
  if (server === null) return {};
  return { ...cached, ...server };
}

/** Saves made while a load was in flight win over its answer. */
export function applyPending(loaded: Preferences, pending: Preferences): Preferences {
  return { ...loaded, ...pending };
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The anonymous visitor's stored preferences: one storage entry per key (map_colors, ...). */
export function readAnonymous(storage: Pick<KeyValueStorage, 'getItem'>): Preferences {
  const raw: Record<string, unknown> = {};
  for (const key of anonymousStoredKeys) raw[key] = parseJson(safeGet(storage, key));
  return sanitize(raw);
}

/** Writes one anonymous preference if the visitor may keep it; an empty object removes the entry. */
export function writeAnonymous(storage: KeyValueStorage, key: PreferenceKey, value: unknown): void {
  if (!anonymousStoredKeys.includes(key)) return;
  try {
    if (value === undefined || (isRecord(value) && Object.keys(value).length === 0)) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the preference lasts for this page.
  }
}

export function readUserCache(storage: Pick<KeyValueStorage, 'getItem'>, userId: number): Preferences {
  return sanitize(parseJson(safeGet(storage, userCacheKey(userId))));
}

export function writeUserCache(storage: KeyValueStorage, userId: number, prefs: Preferences): void {
  try {
    storage.setItem(userCacheKey(userId), JSON.stringify(prefs));
  } catch {
    // The server still has them; only the cross-tab update is lost.
  }
}

function safeGet(storage: Pick<KeyValueStorage, 'getItem'>, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export type Scope = { kind: 'anonymous' } | { kind: 'user'; id: number };

/**
 * The preferences after a `storage` event from another tab, or null when the event is not about this
 * scope's storage. Values the anonymous visitor does not store (page-only ones) are kept as they are.
 */
export function preferencesAfterStorageEvent(
  event: { key: string | null },
  scope: Scope,
  current: Preferences,
  storage: Pick<KeyValueStorage, 'getItem'>,
): Preferences | null {
  if (scope.kind === 'user') {
    // A cleared storage (key null) loses only the cache: the server still holds the preferences.
    if (event.key !== userCacheKey(scope.id)) return null;
    return readUserCache(storage, scope.id);
  }
  // key null: the other tab cleared the whole storage.
  if (event.key !== null && !anonymousStoredKeys.includes(event.key as PreferenceKey)) return null;
  const pageOnly: Preferences = {};
  for (const key of preferenceKeys) {
    if (!anonymousStoredKeys.includes(key) && current[key] !== undefined)
      (pageOnly as Record<string, unknown>)[key] = current[key];
  }
  return { ...pageOnly, ...readAnonymous(storage) };
}
