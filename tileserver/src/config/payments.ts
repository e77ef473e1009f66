// Card payments: the built-in local provider (test cards) or the card processor with its keys.
// loadConfig checks that a public deployment chose one explicitly.
import { z } from 'zod';
import { optionalText } from './values.ts';

export const paymentVariables = {
  PAYMENT_PROVIDER: z
    .enum(['local', 'stripe'])
    .default('local')
    .describe(
      'Card payments: the built-in local provider (test cards, no network; every page shows a test-payments banner) or the card processor (needs STRIPE_SECRET_KEY). With a PUBLIC_URL that is not loopback, start-up refuses until it is set explicitly',
    ),
  STRIPE_SECRET_KEY: optionalText.describe('Secret key of the card processor, used when PAYMENT_PROVIDER=stripe'),
  STRIPE_PUBLISHABLE_KEY: optionalText.describe(
    'Publishable key for the processor card element in the browser (PAYMENT_PROVIDER=stripe)',
  ),
  STRIPE_API_BASE: optionalText.describe(
    'Another host speaking the processor API (tests); unset = the processor itself',
  ),
};
