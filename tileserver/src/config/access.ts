// Who may call: the admin and anonymous tokens, and the limits on unknown tokens, failed sign-ins and
// sign-ups that keep guessing and mass registration slow.
import { z } from 'zod';
import { optionalText, positiveInt } from './values.ts';

export const accessVariables = {
  ADMIN_TOKEN: optionalText
    .refine(
      (token) => token === undefined || token.length >= 32,
      'must be at least 32 characters (a guessable admin token is no protection)',
    )
    .describe('Token with admin rights (all fields, cache purges), at least 32 characters; unset = no admin'),
  ANON_TOKEN: z.string().min(1).default('public').describe('Built-in anonymous token (free level)'),
  UNAUTHORIZED_PER_MINUTE: positiveInt
    .default(20)
    .describe('Unknown-token requests one client address may make per minute (429 beyond)'),
  SIGN_IN_FAILURES_MAX: positiveInt
    .default(10)
    .describe(
      'Failed sign-ins allowed per email, per address and per device cookie in 10 minutes; beyond, a browser without a device cookie of that account waits (429), and a wrong password from that address is answered 429',
    ),
  SIGNUPS_PER_HOUR: positiveInt.default(20).describe('Accounts one client address may register per hour (429 beyond)'),
};
