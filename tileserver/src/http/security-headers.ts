// Security headers. Every answer: nosniff (a JSON or tile body is never run as script or style) and a
// referrer policy that sends only the origin cross-site (parcel and project paths stay private). HTML
// (the viewer) also gets a Content Security Policy with no inline or eval'd script, so stored text that
// slipped through escaping still cannot run, and may not be framed by any other site (clickjacking).
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

/** Origins of the configured third-party raster tiles, which the map fetches from the browser. */
function tileOrigins(config: Config): string[] {
  const origins = new Set<string>();
  for (const template of [config.BASEMAP_SATELLITE_URL, config.BASEMAP_SATELLITE2_URL, config.TERRAIN_URL]) {
    if (!template) continue;
    try {
      // Templates hold {z}/{x}/{y} and sometimes {s} subdomains; the origin part is what CSP needs.
      const url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[^}]*\}/g, '0'));
      origins.add(
        template.includes('{s}') ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin,
      );
    } catch {
      // A malformed template already fails in the map; it must not break every page's headers.
    }
  }
  return [...origins];
}

export function contentSecurityPolicy(config: Config): string {
  const tiles = tileOrigins(config).join(' ');
  const stripe = config.PAYMENT_PROVIDER === 'stripe';
  // The processor's browser script talks to its API host: api.stripe.com, or the host that speaks its
  // protocol in its place (STRIPE_API_BASE, the tests' stand-in).
  const stripeApi = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE).origin : 'https://api.stripe.com';
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': `'self'${stripe ? ' https://js.stripe.com' : ''}`,
    // React and maplibre set style attributes and maplibre's controls inject styles: inline style is
    // allowed, inline script is not.
    'style-src': "'self' 'unsafe-inline'",
    'img-src': `'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    'font-src': "'self' data:",
    'connect-src': `'self'${tiles ? ` ${tiles}` : ''}${stripe ? ` ${stripeApi}` : ''}`,
    // maplibre runs its tile workers from a blob: URL.
    'worker-src': "'self' blob:",
    'child-src': "'self' blob:",
    'frame-src': stripe ? 'https://js.stripe.com' : "'none'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

export function securityHeaders(config: Config): MiddlewareHandler {
  const csp = contentSecurityPolicy(config);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    try {
      headers.set('X-Content-Type-Options', 'nosniff');
      if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      if (headers.get('Content-Type')?.startsWith('text/html')) {
        headers.set('Content-Security-Policy', csp);
        headers.set('X-Frame-Options', 'DENY');
      }
    } catch {
      // A response with immutable headers (none of ours today) keeps what it has.
    }
  };
}
