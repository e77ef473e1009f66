// The configured payment provider: the built-in local one unless PAYMENT_PROVIDER=stripe.
import type { Config } from '../config.ts';
import type { Sql } from '../db/client.ts';
import { LocalPaymentProvider } from './local/local-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { StripePaymentProvider } from './stripe/stripe-provider.ts';

export function createPaymentProvider(config: Config, sql: Sql): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe')
    return new StripePaymentProvider(config.STRIPE_SECRET_KEY!, config.STRIPE_API_BASE);
  return new LocalPaymentProvider(sql);
}
