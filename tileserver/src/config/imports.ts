// Parcel imports from the admin page and `npm run import`: the upload size limit and how far outside
// its place a parcel may lie.
import { z } from 'zod';
import { positiveInt } from './values.ts';

export const importVariables = {
  IMPORT_UPLOAD_MAX_MB: positiveInt
    .default(2048)
    .describe('Size limit of a parcel file uploaded on the admin imports page (streamed to DATA_DIR/imports)'),
  IMPORT_OUTSIDE_MAX_M: z.coerce
    .number()
    .min(0)
    .default(2000)
    .describe(
      'Imports keep (and report) parcels whose inside point lies outside the place up to this many metres from its boundary, and refuse those farther (outside_place); `npm run import -- --outside-max-m` overrides it',
    ),
};
