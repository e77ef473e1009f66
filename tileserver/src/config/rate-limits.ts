// Requests per client address or token/session per minute (or hour) for the API calls that cost the
// server or a provider something; beyond each, 429 with Retry-After.
import { z } from 'zod';

export const rateLimitVariables = {
  SEARCH_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(600)
    .describe(
      'Searches one client address or one token/session may make per minute (429 with Retry-After beyond; 0 = no limit)',
    ),
  RECORDS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(600)
    .describe(
      'Parcel records (and point look-ups) per client address or token/session per minute (429 beyond; 0 = no limit)',
    ),
  INSIGHTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(300)
    .describe(
      'Place insights and Ask A.I. requests per client address or token/session per minute (429 beyond; 0 = no limit)',
    ),
  EXTENT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(60)
    .describe(
      'Source extents and value lists (autocomplete) per client address or token/session per minute (429 beyond; 0 = no limit)',
    ),
  IMAGERY_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(60)
    .describe('Property image requests per client address or token/session per minute (429 beyond; 0 = no limit)'),
  EXPORTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe('Export requests per client address or token/session per minute (429 beyond; 0 = no limit)'),
  CARD_TOKENS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(20)
    .describe(
      'Cards the local payment provider may tokenise per client address or session per minute (429 beyond; 0 = no limit)',
    ),
  // Security review 2, N1: sign-ins are counted in memory before any database work or hash; a browser
  // with a device cookie of the account is not counted (features/people/accounts/routes.ts).
  SIGN_INS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'Sign-ins one client address may attempt per minute without a device cookie of the account (429 before any hash; 0 = no limit)',
    ),
  SIGN_INS_PER_EMAIL_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(10)
    .describe(
      'Sign-ins per email per minute from browsers without a device cookie of that account (429 before any hash; 0 = no limit)',
    ),
  HASH_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(8)
    .describe(
      'Password hashes that may wait for one of the two hash slots; beyond, sign-in, sign-up and password change answer 429 at once',
    ),
  // N2: the GIS families (FeatureServer, OGC API) per client address and per token.
  GIS_QUERIES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(600)
    .describe(
      'FeatureServer queries and OGC items requests per client address or token/session per minute (429 beyond; 0 = no limit)',
    ),
  GIS_METADATA_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(300)
    .describe(
      'FeatureServer and OGC API metadata requests per client address or token/session per minute (429 beyond; 0 = no limit)',
    ),
  GIS_SLOW_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(4)
    .describe(
      'FeatureServer and OGC requests per client address or token/session per minute that may end in a 5xx (a query cancelled at GIS_STATEMENT_TIMEOUT_MS); beyond, every GIS request of that caller is 429 until the minute ends (0 = no limit)',
    ),
  // N9: PNG tiles of sources (each miss is sharp CPU); counted per request, hits too.
  PNG_TILES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(600)
    .describe('PNG tiles (.png, @2x.png) per client address or token/session per minute (429 beyond; 0 = no limit)'),
  OFFER_CODE_ATTEMPTS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(0)
    .default(20)
    .describe('Offer codes one user may try per hour at checkout and plan change (429 beyond; 0 = no limit)'),
};
