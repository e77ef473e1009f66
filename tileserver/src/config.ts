// The one configuration schema: every environment variable the product reads, with a default that
// serves a laptop. Nothing else reads process.env; a bad value stops start-up naming the variable.
import { statSync } from 'node:fs';
import { z } from 'zod';
import { trustedProxies } from './auth/client-address.ts';

const port = z.coerce.number().int().min(1).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const configSchema = z.object({
  PORT: port.default(8080).describe('HTTP port of the API, tiles and viewer'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Address the HTTP server binds to (0.0.0.0 for all)'),
  PUBLIC_URL: optionalText
    .refine((url) => url === undefined || /^https?:\/\/[^/?#\s]+\/?$/.test(url), 'must be an origin such as https://parcels.example.org')
    .describe('The public origin (https://parcels.example.org) of every link: mail, TileJSON, styles, share links, OpenAPI, and the Secure cookie flag. Unset: http://localhost:PORT, and HOST must be loopback'),
  ALLOWED_HOSTS: optionalText.describe('Comma-separated Host header values (host or host:port) the server answers; any other Host gets 400. Unset: any Host (links never use it)'),
  TRUSTED_PROXIES: z
    .string()
    .default('127.0.0.1,::1')
    .refine((list) => { try { trustedProxies(list); return true; } catch { return false; } }, 'must be comma-separated addresses or CIDR ranges').describe('Comma-separated proxy addresses or CIDR ranges whose X-Forwarded-For is believed (the right-most address that is not one of them is the client)'),
  DATABASE_URL: optionalText.describe('PostgreSQL URL; when unset a local cluster under DATA_DIR is used'),
  DATA_DIR: z.string().min(1).default('.data').describe('Folder for the local cluster, logs and exports'),
  PG_PORT: port.default(5488).describe('Port of the local PostgreSQL cluster (127.0.0.1 only)'),
  TEST_PG_PORT: port.default(5489).describe('Port of the separate cluster that npm test provisions'),
  TEST_DATABASE_URL: optionalText.describe('Server for npm test instead of the test cluster (each run makes its own database there)'),
  DB_POOL_SIZE: positiveInt.max(100).default(8).describe('Connections of the tile pool (tile renders run at most this many at once)'),
  APP_POOL_SIZE: positiveInt.max(100).default(4).describe('Connections of the separate app API pool (search, records, places), so heavy tiles never starve it'),
  TILE_QUEUE_MAX: z.coerce.number().int().min(0).default(256).describe('Tile renders that may wait for a connection; beyond, 503 with Retry-After'),
  APP_QUEUE_MAX: z.coerce.number().int().min(0).default(64).describe('App API requests that may wait for a connection; beyond, 503 with Retry-After'),
  QUEUE_WAIT_MS: positiveInt.default(10000).describe('Longest wait for a connection before a request is answered 503'),
  TILE_CACHE_MB: z.coerce.number().int().min(0).default(512).describe('Byte budget of the in-memory tile cache (0 turns it off)'),
  METERING: z.enum(['on', 'off']).default('on').describe('Count API tiles and parcel records per token (off only for benchmarks: sandboxes and caps are then not enforced by usage)'),
  METERING_DATABASE_URL: optionalText.describe('Where a tile process reading a read-only replica writes its API usage counts (the primary); unset: DATABASE_URL'),
  METERING_FLUSH_MS: positiveInt.default(2000).describe('How often the in-memory usage counts are written to PostgreSQL (and at shutdown)'),
  HEADERS_TIMEOUT_MS: positiveInt.default(10000).describe('Time a client has to send its request headers; past it the connection is closed (slow-header clients)'),
  REQUEST_TIMEOUT_MS: positiveInt.default(30000).describe('Time a client has to send a request body from the start of the request; past it 408 and the connection closes (slow-body clients)'),
  UPLOAD_TIMEOUT_MS: positiveInt.default(3600000).describe('The same for large uploads (survey photos, admin parcel files), and the longest any request may take to arrive'),
  TILE_QUERY_TIMEOUT_MS: positiveInt.default(10000).describe('Statement timeout of one tile query'),
  SOURCE_POSTS_PER_MINUTE: positiveInt.default(60).describe('Source definitions one client address or token may POST per minute (429 beyond)'),
  SOURCES_PER_DAY: positiveInt.default(1000).describe('New sources one owner (token or client address) may create per 24 hours (429 beyond)'),
  SOURCE_REGISTRY_MAX: positiveInt.default(2000).describe('Compiled sources kept in memory (least recently used are dropped and recompiled on demand)'),
  SOURCE_PREPARED_MAX: z.coerce.number().int().min(0).default(200).describe('Sources whose tile statement is prepared on the pool connections; the rest run unprepared'),
  SOURCE_IDLE_DAYS: z.coerce.number().int().min(0).default(90).describe('Stored sources unused for this many days are deleted (0 keeps them forever)'),
  ADMIN_TOKEN: optionalText
    .refine((token) => token === undefined || token.length >= 32, 'must be at least 32 characters (a guessable admin token is no protection)')
    .describe('Token with admin rights (all fields, cache purges), at least 32 characters; unset = no admin'),
  SEARCH_PER_MINUTE: z.coerce.number().int().min(0).default(600).describe('Searches one client address or one token/session may make per minute (429 with Retry-After beyond; 0 = no limit)'),
  RECORDS_PER_MINUTE: z.coerce.number().int().min(0).default(600).describe('Parcel records (and point look-ups) per client address or token/session per minute (429 beyond; 0 = no limit)'),
  INSIGHTS_PER_MINUTE: z.coerce.number().int().min(0).default(300).describe('Place insights and Ask A.I. requests per client address or token/session per minute (429 beyond; 0 = no limit)'),
  CARD_TOKENS_PER_MINUTE: z.coerce.number().int().min(0).default(20).describe('Cards the local payment provider may tokenise per client address or session per minute (429 beyond; 0 = no limit)'),
  OFFER_CODE_ATTEMPTS_PER_HOUR: z.coerce.number().int().min(0).default(20).describe('Offer codes one user may try per hour at checkout and plan change (429 beyond; 0 = no limit)'),
  EXPORTS_PER_MINUTE: z.coerce.number().int().min(0).default(30).describe('Export requests per client address or token/session per minute (429 beyond; 0 = no limit)'),
  UNAUTHORIZED_PER_MINUTE: positiveInt.default(20).describe('Unknown-token requests one client address may make per minute (429 beyond)'),
  ANON_TOKEN: z.string().min(1).default('public').describe('Built-in anonymous token (free level)'),
  IMPORT_UPLOAD_MAX_MB: positiveInt.default(2048).describe('Size limit of a parcel file uploaded on the admin imports page (streamed to DATA_DIR/imports)'),
  IMPORT_OUTSIDE_MAX_M: z.coerce.number().min(0).default(2000).describe('Imports keep (and report) parcels whose inside point lies outside the place up to this many metres from its boundary, and refuse those farther (outside_place); `npm run import -- --outside-max-m` overrides it'),
  SMTP_URL: optionalText.describe('SMTP server for mail (smtp://user:pass@host:587); unset = .eml files under DATA_DIR/outbox'),
  MAIL_FROM: z.string().min(3).default('Parcel Map <no-reply@localhost>').describe('Sender of password-reset and invitation mail'),
  LOOKUP_LIMIT_ANON: positiveInt.default(25).describe('Parcel records an anonymous visitor may open per UTC day'),
  EXPORT_FREE_ROWS_PER_MONTH: z.coerce.number().int().min(0).default(1000).describe('Free csv export rows per account (or user without one) per UTC month; beyond, exports are bought per record'),
  LOOKUP_LIMIT_FREE: positiveInt.default(100).describe('Parcel records a free (Starter) user may open per UTC day'),
  LOOKUP_LIMIT_PRO: positiveInt.default(1000).describe('Parcel records a Pro user may open per UTC day'),
  LOOKUP_LIMIT_TEAM: positiveInt.default(2000).describe('Parcel records a Team user may open per UTC day'),
  PAYMENT_PROVIDER: z
    .enum(['local', 'stripe'])
    .default('local')
    .describe('Card payments: the built-in local provider (test cards, no network; every page shows a test-payments banner) or the card processor (needs STRIPE_SECRET_KEY). With a PUBLIC_URL that is not loopback, start-up refuses until it is set explicitly'),
  STRIPE_SECRET_KEY: optionalText.describe('Secret key of the card processor, used when PAYMENT_PROVIDER=stripe'),
  STRIPE_PUBLISHABLE_KEY: optionalText.describe('Publishable key for the processor card element in the browser (PAYMENT_PROVIDER=stripe)'),
  STRIPE_API_BASE: optionalText.describe('Another host speaking the processor API (tests); unset = the processor itself'),
  FOLLOW_LIMIT_FREE: positiveInt.default(10).describe('Follows (followed places plus bookmarked parcels) a free (Starter) user may keep; Pro and Team take theirs from the plans file'),
  SIGN_IN_FAILURES_MAX: positiveInt.default(10).describe('Failed sign-ins allowed per email, per address and per device cookie in 10 minutes; beyond, a browser without a device cookie of that account waits (429), and a wrong password from that address is answered 429'),
  SIGNUPS_PER_HOUR: positiveInt.default(20).describe('Accounts one client address may register per hour (429 beyond)'),
  BASEMAP_SATELLITE_URL: optionalText.describe('Raster tile URL template for the satellite basemap'),
  BASEMAP_SATELLITE2_URL: optionalText.describe('Raster tile URL template for the satellite2 basemap'),
  TERRAIN_URL: optionalText.describe('Raster-DEM tile URL template for 3D terrain'),
  LEGAL_DIR: optionalText
    .refine((dir) => dir === undefined || statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true, 'must be an existing folder')
    .describe('Folder whose terms.md, privacy.md, api.md, subscription.md replace the default legal texts (/hs/terms)'),
  WIKIPEDIA_API_URL: optionalText.describe('MediaWiki REST API base for place insights\' encyclopedia extract (e.g. https://en.wikipedia.org/api/rest_v1); unset = no extract'),
  NATIVE_LAND_API_URL: optionalText.describe('native-land.ca API base for the insights\' Native Land panel (e.g. https://native-land.ca/api); unset = empty panel'),
  NATIVE_LAND_API_KEY: optionalText.describe('API key sent to NATIVE_LAND_API_URL'),
  AI_BASE_URL: optionalText.describe('OpenAI-compatible API base for Ask A.I. (POST {AI_BASE_URL}/chat/completions, e.g. https://api.openai.com/v1); unset = no AI answers'),
  AI_API_KEY: optionalText.describe('Bearer key sent to AI_BASE_URL'),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini').describe('Model name sent to AI_BASE_URL'),
  PROVIDER_TIMEOUT_MS: positiveInt.default(5000).describe('Timeout of one call to an external insights provider (encyclopedia, Native Land; the AI gets 6x this)'),
  IMAGERY_STREET_URL: optionalText.describe('Street-level image URL template fetched by the server ({lat}, {lon}, {heading}, {key}); unset = imagery is not configured'),
  IMAGERY_BIRDSEYE_URL: optionalText.describe("Bird's eye image URL template fetched by the server ({lat}, {lon}, {angle}, {key}); unset = not configured"),
  IMAGERY_KEY: optionalText.describe('Provider key put into {key} of the imagery URL templates (stays on the server)'),
  IMAGERY_FREE_IMAGES: z.coerce.number().int().min(0).default(5).describe('Property images an anonymous visitor or a Starter user may view (Pro and Team unlimited)'),
  IMAGERY_DAILY_MAX: z.coerce.number().int().min(0).default(2000).describe('Property images the whole deployment fetches from the provider per UTC day, every caller together (503 beyond; 0 = no cap)'),
  AI_DAILY_MAX: z.coerce.number().int().min(0).default(500).describe('Ask A.I. provider calls the whole deployment makes per UTC day (cached answers are free; 503 beyond; 0 = no cap)'),
  AI_PER_DAY_ANON: z.coerce.number().int().min(0).default(5).describe('Ask A.I. provider calls one anonymous client address may cause per UTC day (cached answers are free; 429 beyond; 0 = no limit)'),
  AI_PER_DAY_USER: z.coerce.number().int().min(0).default(50).describe('Ask A.I. provider calls one account (user, or group token) may cause per UTC day (cached answers are free; 429 beyond; 0 = no limit)'),
  SURVEY_PHOTO_QUOTA_MB: positiveInt.default(5120).describe('Survey photo storage of one group (account) under DATA_DIR/survey-photos; a post whose photo would pass it is refused (413)'),
  EXTENT_PER_MINUTE: z.coerce.number().int().min(0).default(60).describe('Source extents and value lists (autocomplete) per client address or token/session per minute (429 beyond; 0 = no limit)'),
  IMAGERY_PER_MINUTE: z.coerce.number().int().min(0).default(60).describe('Property image requests per client address or token/session per minute (429 beyond; 0 = no limit)'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}


/**
 * The origin of every link the server writes (mail, TileJSON, styles, share links, OpenAPI) and of the
 * cookie Secure flag. It never comes from the request's Host header, which the client chooses (a
 * reset link to attacker.example). Without PUBLIC_URL the server listens on loopback only, and a
 * request addressed to a loopback name (any port: a proxy or test server on this machine) keeps it,
 * so the browser's cookies stay on one site; at worst such a link leads to the reader's own machine.
 * Any other Host gets http://localhost:PORT.
 */
export function linkOrigin(config: Config, requestHost?: string): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  const host = requestHost?.toLowerCase();
  const loopback = host !== undefined && /^(localhost|127\.0\.0\.1|\[::1\]):\d{1,5}$/.test(host);
  return `http://${loopback ? host : `localhost:${config.PORT}`}`;
}

/** Whether links and cookies are https (the Secure cookie flag). */
export const servedOverHttps = (config: Config): boolean => linkOrigin(config).startsWith('https:');

/** Variables whose values may be or hold secrets: tokens, keys, passwords, and URLs (user:password@host). */
const secretName = /TOKEN|SECRET|KEY|PASSWORD|_URL$/;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success && parsed.data.PAYMENT_PROVIDER === 'stripe' && !parsed.data.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  }
  // M11: the local provider takes any test card, so a public deployment must choose it out loud.
  if (parsed.success && env.PAYMENT_PROVIDER === undefined && parsed.data.PUBLIC_URL && !isLoopbackUrl(parsed.data.PUBLIC_URL)) {
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

/** Whether a host name or address is this machine only: localhost, *.localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Whether a URL's host is loopback (isLoopbackHost). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Rows for the README's configuration table, from the schema's own descriptions. */
export function configRows(): { name: string; defaultValue: string; meaning: string }[] {
  return Object.entries(configSchema.shape).map(([name, field]) => {
    const parsed = (field as z.ZodType).safeParse(undefined);
    const value = parsed.success && parsed.data !== undefined ? String(parsed.data) : '(unset)';
    return { name, defaultValue: value, meaning: field.description ?? '' };
  });
}
