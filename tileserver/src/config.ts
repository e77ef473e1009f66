// The one configuration schema: every environment variable the product reads, with a default that
// serves a laptop. Nothing else reads process.env; a bad value stops start-up naming the variable.
// Each group of variables (HTTP, database, tiles, access, rate limits, plan allowances, payments,
// providers, mail, imports) is declared in config/; this module composes them and checks the
// rules that span groups (a public origin needs an explicit payment provider and binds HOST).
import { z } from 'zod';
import { accessVariables } from './config/access.ts';
import { allowanceVariables } from './config/allowances.ts';
import { databaseVariables } from './config/database.ts';
import { httpVariables, isLoopbackHost, isLoopbackUrl } from './config/http.ts';
import { importVariables } from './config/imports.ts';
import { mailVariables } from './config/mail.ts';
import { paymentVariables } from './config/payments.ts';
import { providerVariables } from './config/providers.ts';
import { rateLimitVariables } from './config/rate-limits.ts';
import { tileVariables } from './config/tiles.ts';

export { isLoopbackHost, isLoopbackUrl, linkOrigin, servedOverHttps } from './config/http.ts';

export const configSchema = z.object({
  ...httpVariables,
  ...databaseVariables,
  ...tileVariables,
  ...accessVariables,
  ...rateLimitVariables,
  ...allowanceVariables,
  ...paymentVariables,
  ...providerVariables,
  ...mailVariables,
  ...importVariables,
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Variables whose values may be or hold secrets: tokens, keys, passwords, and URLs (user:password@host). */
const secretName = /TOKEN|SECRET|KEY|PASSWORD|_URL$/;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success && parsed.data.PAYMENT_PROVIDER === 'stripe' && !parsed.data.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  }
  // M11: the local provider takes any test card, so a public deployment must choose it out loud.
  if (
    parsed.success &&
    env.PAYMENT_PROVIDER === undefined &&
    parsed.data.PUBLIC_URL &&
    !isLoopbackUrl(parsed.data.PUBLIC_URL)
  ) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL is not a loopback address and PAYMENT_PROVIDER is not set. Set PAYMENT_PROVIDER=stripe (with STRIPE_SECRET_KEY) ' +
        'to take real payments, or PAYMENT_PROVIDER=local to run with test payments (any test card buys every plan; every page says so).',
    );
  }
  if (parsed.success && !parsed.data.PUBLIC_URL && !isLoopbackHost(parsed.data.HOST)) {
    throw new ConfigError(
      `Invalid configuration: HOST=${parsed.data.HOST} serves other machines, so PUBLIC_URL must name the origin they use (e.g. PUBLIC_URL=https://parcels.example.org): links in mail and TileJSON are never built from the request's Host header`,
    );
  }
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '?');
    // Start-up errors land in logs and terminals: a secret (a short ADMIN_TOKEN, a key, a URL with a
    // password in it) is named, never echoed.
    if (secretName.test(name)) return `${name} (value not shown): ${issue.message}`;
    return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** Rows for the README's configuration table, from the schema's own descriptions. */
export function configRows(): { name: string; defaultValue: string; meaning: string }[] {
  return Object.entries(configSchema.shape).map(([name, field]) => {
    const parsed = (field as z.ZodType).safeParse(undefined);
    const value = parsed.success && parsed.data !== undefined ? String(parsed.data) : '(unset)';
    return { name, defaultValue: value, meaning: field.description ?? '' };
  });
}
