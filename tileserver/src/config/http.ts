// The HTTP server's variables: where it listens, the origin its links use, which Host headers and
// proxies it believes, how long a client may take to send a request, the legal texts it serves, logging.
import { statSync } from 'node:fs';
import { z } from 'zod';
import { trustedProxies } from '../auth/client-address.ts';
import { optionalText, port, positiveInt } from './values.ts';

export const httpVariables = {
  PORT: port.default(8080).describe('HTTP port of the API, tiles and viewer'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Address the HTTP server binds to (0.0.0.0 for all)'),
  PUBLIC_URL: optionalText
    .refine(
      (url) => url === undefined || /^https?:\/\/[^/?#\s]+\/?$/.test(url),
      'must be an origin such as https://parcels.example.org',
    )
    .describe(
      'The public origin (https://parcels.example.org) of every link: mail, TileJSON, styles, share links, OpenAPI, and the Secure cookie flag. Unset: http://localhost:PORT, and HOST must be loopback',
    ),
  ALLOWED_HOSTS: optionalText.describe(
    'Comma-separated Host header values (host or host:port) the server answers; any other Host gets 400. Unset: any Host (links never use it)',
  ),
  TRUSTED_PROXIES: z
    .string()
    .default('127.0.0.1,::1')
    .refine((list) => {
      try {
        trustedProxies(list);
        return true;
      } catch {
        return false;
      }
    }, 'must be comma-separated addresses or CIDR ranges')
    .describe(
      'Comma-separated proxy addresses or CIDR ranges whose X-Forwarded-For is believed (the right-most address that is not one of them is the client)',
    ),
  HEADERS_TIMEOUT_MS: positiveInt
    .default(10000)
    .describe('Time a client has to send its request headers; past it the connection is closed (slow-header clients)'),
  REQUEST_TIMEOUT_MS: positiveInt
    .default(30000)
    .describe(
      'Time a client has to send a request body from the start of the request; past it 408 and the connection closes (slow-body clients)',
    ),
  UPLOAD_TIMEOUT_MS: positiveInt
    .default(3600000)
    .describe(
      'The same for large uploads (survey photos, admin parcel files), and the longest any request may take to arrive',
    ),
  LEGAL_DIR: optionalText
    .refine(
      (dir) => dir === undefined || statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true,
      'must be an existing folder',
    )
    .describe('Folder whose terms.md, privacy.md, api.md, subscription.md replace the default legal texts (/hs/terms)'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Log level'),
};

/**
 * The origin of every link the server writes (mail, TileJSON, styles, share links, OpenAPI) and of the
 * cookie Secure flag. It never comes from the request's Host header, which the client chooses (a
 * reset link to attacker.example). Without PUBLIC_URL the server listens on loopback only, and a
 * request addressed to a loopback name (any port: a proxy or test server on this machine) keeps it,
 * so the browser's cookies stay on one site; at worst such a link leads to the reader's own machine.
 * Any other Host gets http://localhost:PORT.
 */
export function linkOrigin(config: { PUBLIC_URL?: string | undefined; PORT: number }, requestHost?: string): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  const host = requestHost?.toLowerCase();
  const loopback = host !== undefined && /^(localhost|127\.0\.0\.1|\[::1\]):\d{1,5}$/.test(host);
  return `http://${loopback ? host : `localhost:${config.PORT}`}`;
}

/** Whether links and cookies are https (the Secure cookie flag). */
export const servedOverHttps = (config: { PUBLIC_URL?: string | undefined; PORT: number }): boolean =>
  linkOrigin(config).startsWith('https:');

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
