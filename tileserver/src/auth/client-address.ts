// The client's address for every per-client limit, and the Host allow-list. Behind a proxy every
// request comes from the proxy, so its X-Forwarded-For is believed, but only when the TCP peer is a
// TRUSTED_PROXIES address: anyone else could write any address there and pick their own bucket.
import { BlockList, isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';

/** An IPv4 address written the IPv6 way (::ffff:1.2.3.4, what a dual-stack socket reports) as IPv4. */
const plain = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

/** The TRUSTED_PROXIES list (addresses or CIDR ranges, IPv4 or IPv6). */
export function trustedProxies(list: string): BlockList {
  const blocks = new BlockList();
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, bits] = entry.split('/');
    const family = isIP(plain(address!));
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) blocks.addAddress(plain(address!), type);
    else blocks.addSubnet(plain(address!), Number(bits), type);
  }
  return blocks;
}

const isTrusted = (proxies: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * The right-most address of the chain (X-Forwarded-For entries, then the peer) that is not a trusted
 * proxy: each trusted hop appended the address it saw, everything left of that the client wrote.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, proxies: BlockList): string {
  let client = plain(peer);
  if (!forwardedFor || !isTrusted(proxies, client)) return client;
  const hops = forwardedFor.split(',').map((hop) => plain(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    // A hop that is no address was written by the client: the last address a proxy vouched for stands.
    if (isIP(hops[i]!) === 0) return client;
    client = hops[i]!;
    if (!isTrusted(proxies, client)) return client;
  }
  return client;
}

const addresses = new WeakMap<Request, string>();

/** The TCP peer's address; 'unknown' where no socket exists (tests calling app.request without one). */
export function peerAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** The client address the middleware resolved for this request (the TCP peer where it did not run). */
export function clientAddress(c: Context): string {
  return addresses.get(c.req.raw) ?? plain(peerAddress(c));
}

/** Resolves the client address once per request (see clientAddress). */
export function clientAddresses(config: Config): MiddlewareHandler {
  const proxies = trustedProxies(config.TRUSTED_PROXIES);
  return async (c, next) => {
    addresses.set(c.req.raw, resolveClientAddress(peerAddress(c), c.req.header('x-forwarded-for'), proxies));
    await next();
  };
}

/** With ALLOWED_HOSTS set, a request for any other Host (and PUBLIC_URL's own) is refused with 400. */
export function allowedHosts(config: Config): MiddlewareHandler {
  const allowed = new Set(
    (config.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  if (config.PUBLIC_URL) allowed.add(new URL(config.PUBLIC_URL).host);
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (config.ALLOWED_HOSTS && !allowed.has(host))
      throw new ApiError('BAD_REQUEST', 'This server does not answer for that Host');
    await next();
  };
}
