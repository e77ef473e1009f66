// The preference keys a user may keep on the server (map.md sections 4 and 7), and their shapes.
// parcel_detail_preferences maps a field name to whether it is shown: a missing field means shown,
// false or "false" hides it; additional_items lists add-on fields the user chose.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

const hidden = z.union([z.boolean(), z.enum(['true', 'false'])]);

export const preferenceValues = {
  map_colors: z.record(boundedString(40), boundedString(40)),
  zoom_in_reminder_dismissed: z.boolean(),
  parcel_detail_preferences: z.record(boundedString(64), z.union([hidden, z.array(boundedString(64)).max(200)])),
  // The viewer keeps the measuring tools' units (map.md section 3); imperial/metric is the older shape.
  units: z.union([
    z.enum(['imperial', 'metric']),
    z
      .object({
        distance: z.enum(['miles', 'kilometers', 'feet', 'meters']),
        area: z.enum(['acres', 'squareFeet', 'squareMeters', 'hectares']),
      })
      .strict(),
  ]),
  canada_fields_notice_dismissed: z.boolean(),
  base_layer: boundedString(40),
} as const;

export type PreferenceKey = keyof typeof preferenceValues;
export const preferenceKeys = Object.keys(preferenceValues) as PreferenceKey[];

export const preferenceKey = z.enum(preferenceKeys as [PreferenceKey, ...PreferenceKey[]]);

/** POST /preferences.json: {data: {key: value, ...}} with known keys only. */
export const savePreferencesBody = z.object({
  data: z
    .object(
      Object.fromEntries(preferenceKeys.map((key) => [key, preferenceValues[key].optional()])) as {
        [K in PreferenceKey]: z.ZodOptional<(typeof preferenceValues)[K]>;
      },
    )
    .strict(),
});

/** GET /preferences.json: every kept preference, or with ?key= the one value (null when not kept). */
export const preferencesAnswer = z.union([
  z.object({ status: z.literal('ok'), data: z.record(z.string(), z.unknown()) }),
  z.object({ status: z.literal('ok'), key: z.string(), value: z.unknown() }),
]);
