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
  OFFER_CODE_ATTEMPTS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(0)
    .default(20)
    .describe('Offer codes one user may try per hour at checkout and plan change (429 beyond; 0 = no limit)'),
};
