import { describe, expect, it } from 'vitest';
import {
  applyPending,
  mergePreferences,
  preferencesAfterStorageEvent,
  readAnonymous,
  readUserCache,
  sanitize,
  userCacheKey,
  writeAnonymous,
  writeUserCache,
  type KeyValueStorage,
} from './preferences.ts';

/** A plain in-memory Storage with the browser's getItem/setItem/removeItem contract. */
function memoryStorage(entries: Record<string, string> = {}): KeyValueStorage & { entries: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

describe('preference values', () => {
  it('keeps known keys whose values fit their shape and drops everything else', () => {
    expect(
      sanitize({
        zoom_in_reminder_dismissed: true,
        canada_fields_notice_dismissed: 'yes',
        parcel_detail_preferences: { owner: false, yearbuilt: 'false', additional_items: ['eo_owner', 3], bad: 7 },
        units: { distance: 'kilometers', area: 'hectares' },
        map_colors: { parcel_street: '#ff0000', hover: { satellite: '#000000' } },
        base_layer: 'street',
        evil: 1,
      }),
    ).toEqual({
      zoom_in_reminder_dismissed: true,
      parcel_detail_preferences: { owner: false, yearbuilt: 'false', additional_items: ['eo_owner'] },
      units: { distance: 'kilometers', area: 'hectares' },
      // The older nested colour shape is flattened to the server's.
      map_colors: { parcel_street: '#ff0000', hover_satellite: '#000000' },
    });
    expect(sanitize({ units: { distance: 'furlongs', area: 'acres' } })).toEqual({});
    expect(sanitize('<html>error</html>')).toEqual({});
    expect(sanitize(null)).toEqual({});
  });
});

describe('merging the server answer with the local cache', () => {
  it('takes the server value of every key it holds and keeps cached keys it lacks', () => {
    const cached = { zoom_in_reminder_dismissed: true, map_colors: { parcel_street: '#111111' } };
    const server = { map_colors: { parcel_street: '#222222' }, canada_fields_notice_dismissed: true };
    expect(mergePreferences(server, cached)).toEqual({
      zoom_in_reminder_dismissed: true,
      map_colors: { parcel_street: '#222222' },
      canada_fields_notice_dismissed: true,
    });
  });

  it('falls back to empty preferences when the load fails, whatever the cache holds', () => {
    expect(mergePreferences(null, { parcel_detail_preferences: { owner: false } })).toEqual({});
  });

  it('lets saves made during the load win over its answer', () => {
    const loaded = { parcel_detail_preferences: { owner: false }, zoom_in_reminder_dismissed: false };
    expect(applyPending(loaded, { zoom_in_reminder_dismissed: true })).toEqual({
      parcel_detail_preferences: { owner: false },
      zoom_in_reminder_dismissed: true,
    });
  });
});

describe('browser storage', () => {
  it('keeps an anonymous visitor’s colours, reminder and fields, one entry per key, but never the Canada notice or units', () => {
    const storage = memoryStorage();
    writeAnonymous(storage, 'map_colors', { parcel_street: '#ff0000' });
    writeAnonymous(storage, 'zoom_in_reminder_dismissed', true);
    writeAnonymous(storage, 'parcel_detail_preferences', { owner: false });
    writeAnonymous(storage, 'canada_fields_notice_dismissed', true);
    writeAnonymous(storage, 'units', { distance: 'feet', area: 'acres' });
    expect([...storage.entries.keys()].sort()).toEqual([
      'map_colors',
      'parcel_detail_preferences',
      'zoom_in_reminder_dismissed',
    ]);
    expect(readAnonymous(storage)).toEqual({
      map_colors: { parcel_street: '#ff0000' },
      zoom_in_reminder_dismissed: true,
      parcel_detail_preferences: { owner: false },
    });
    // Default colours are an empty map: the entry goes away.
    writeAnonymous(storage, 'map_colors', {});
    expect(storage.getItem('map_colors')).toBeNull();
  });

  it('reads the older plain "true" of the zoom reminder and ignores corrupt entries', () => {
    expect(
      readAnonymous(memoryStorage({ zoom_in_reminder_dismissed: 'true', parcel_detail_preferences: '{not json' })),
    ).toEqual({ zoom_in_reminder_dismissed: true });
  });

  it('keeps a signed-in user’s cache in one entry per user', () => {
    const storage = memoryStorage();
    writeUserCache(storage, 7, { zoom_in_reminder_dismissed: true });
    expect(storage.getItem(userCacheKey(7))).toBe('{"zoom_in_reminder_dismissed":true}');
    expect(readUserCache(storage, 7)).toEqual({ zoom_in_reminder_dismissed: true });
    expect(readUserCache(storage, 8)).toEqual({});
  });
});

describe('storage events from another tab', () => {
  it('refreshes a signed-in user from their cache entry and ignores other entries', () => {
    const storage = memoryStorage();
    writeUserCache(storage, 7, { parcel_detail_preferences: { owner: false } });
    const scope = { kind: 'user', id: 7 } as const;
    expect(preferencesAfterStorageEvent({ key: userCacheKey(7) }, scope, {}, storage)).toEqual({
      parcel_detail_preferences: { owner: false },
    });
    expect(preferencesAfterStorageEvent({ key: userCacheKey(8) }, scope, {}, storage)).toBeNull();
    expect(preferencesAfterStorageEvent({ key: 'map_colors' }, scope, {}, storage)).toBeNull();
    // Another tab clearing the storage loses only the cache, not the user's preferences.
    expect(
      preferencesAfterStorageEvent({ key: null }, scope, { zoom_in_reminder_dismissed: true }, storage),
    ).toBeNull();
  });

  it('refreshes an anonymous visitor from the stored keys and keeps the page-only Canada dismissal', () => {
    const storage = memoryStorage({ zoom_in_reminder_dismissed: 'true' });
    const scope = { kind: 'anonymous' } as const;
    const current = { canada_fields_notice_dismissed: true, zoom_in_reminder_dismissed: false };
    expect(preferencesAfterStorageEvent({ key: 'zoom_in_reminder_dismissed' }, scope, current, storage)).toEqual({
      canada_fields_notice_dismissed: true,
      zoom_in_reminder_dismissed: true,
    });
    // A cleared storage (key null) resets the stored keys.
    storage.removeItem('zoom_in_reminder_dismissed');
    expect(preferencesAfterStorageEvent({ key: null }, scope, current, storage)).toEqual({
      canada_fields_notice_dismissed: true,
    });
    expect(preferencesAfterStorageEvent({ key: 'base_layer' }, scope, current, storage)).toBeNull();
  });
});
