// What each plan level may use: parcel records per day, free export rows, follows, property images,
// Ask A.I. calls and survey photo storage (Pro and Team take the rest from the plans file).
import { z } from 'zod';
import { positiveInt } from './values.ts';

export const allowanceVariables = {
  LOOKUP_LIMIT_ANON: positiveInt.default(25).describe('Parcel records an anonymous visitor may open per UTC day'),
  LOOKUP_LIMIT_FREE: positiveInt.default(100).describe('Parcel records a free (Starter) user may open per UTC day'),
  LOOKUP_LIMIT_PRO: positiveInt.default(1000).describe('Parcel records a Pro user may open per UTC day'),
  LOOKUP_LIMIT_TEAM: positiveInt.default(2000).describe('Parcel records a Team user may open per UTC day'),
  EXPORT_FREE_ROWS_PER_MONTH: z.coerce
    .number()
    .int()
    .min(0)
    .default(1000)
    .describe(
      'Free csv export rows per UTC month of a Starter account (or a user without one); Pro and Team take their download_rows from the plans file; beyond, exports are bought per record',
    ),
  EXPORT_FREE_ROWS_PAID: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : Number(v)))
    .pipe(z.number().int().min(0).optional())
    .describe(
      "Free csv export rows per UTC month of every Pro and Team account, instead of the plans file's download_rows (a site's own agreement); unset: the plans file",
    ),
  EXPORT_DATASET_ROWS_MAX: positiveInt
    .default(25000)
    .describe(
      'Features one dataset table (a stored buildings or zoning source, a catalogue layer) may add to an export; a larger one is refused (413) at check, count, start and cart',
    ),
  EXPORT_ARCHIVE_DATASET_ROWS_MAX: positiveInt
    .default(50000)
    .describe('Features all the dataset tables of one export may add together; beyond, the export is refused (413)'),
  EXPORT_DATASET_AREA_MAX_KM2: positiveInt
    .default(25000)
    .describe(
      'Largest place or focus area (km²) an export may carry dataset tables for (a state like Massachusetts, 21,000 km², passes; a country does not); beyond, 413',
    ),
  FOLLOW_LIMIT_FREE: positiveInt
    .default(10)
    .describe(
      'Follows (followed places plus bookmarked parcels) a free (Starter) user may keep; Pro and Team take theirs from the plans file',
    ),
  IMAGERY_FREE_IMAGES: z.coerce
    .number()
    .int()
    .min(0)
    .default(5)
    .describe('Property images an anonymous visitor or a Starter user may view (Pro and Team unlimited)'),
  AI_PER_DAY_ANON: z.coerce
    .number()
    .int()
    .min(0)
    .default(5)
    .describe(
      'Ask A.I. provider calls one anonymous client address may cause per UTC day (cached answers are free; 429 beyond; 0 = no limit)',
    ),
  AI_PER_DAY_USER: z.coerce
    .number()
    .int()
    .min(0)
    .default(50)
    .describe(
      'Ask A.I. provider calls one account (user, or group token) may cause per UTC day (cached answers are free; 429 beyond; 0 = no limit)',
    ),
  SURVEY_PHOTO_QUOTA_MB: positiveInt
    .default(5120)
    .describe(
      'Survey photo storage of one group (account) under DATA_DIR/survey-photos; a post whose photo would pass it is refused (413)',
    ),
};
