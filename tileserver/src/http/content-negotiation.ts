// Content negotiation by Accept-Encoding and revalidation by If-None-Match (RFC 9110 §12.5.3, §13.1.2): one
// reading of both headers for the static viewer and the JSON compression, so every answer chooses alike.

export type Coding = 'br' | 'gzip' | 'identity';

/** When two codings are equally acceptable: the smallest body first. */
const preference: readonly Coding[] = ['br', 'gzip', 'identity'];

const qvalue = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The q-value of each coding the header names (lower-case; `x-gzip` read as `gzip`), `*` included. An entry
 * with a malformed q-value is dropped rather than guessed at. The first mention of a coding wins.
 */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    let name = rawName.trim().toLowerCase();
    if (!name) continue;
    if (name === 'x-gzip') name = 'gzip';
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim());
      if (key.toLowerCase() !== 'q') continue;
      if (qvalue.test(value)) q = Number(value);
      else valid = false;
    }
    if (valid && !codings.has(name)) codings.set(name, q);
  }
  return codings;
}

/**
 * How acceptable one coding is: its own entry, else `*`, else none, except identity, which stays acceptable
 * but least preferred: `gzip;q=0.5` asks for gzip, not for the plain body at an implied q=1.
 */
function qualityOf(codings: Map<string, number>, coding: Coding): number {
  const own = codings.get(coding);
  if (own !== undefined) return own;
  const star = codings.get('*');
  if (star !== undefined) return star;
  return coding === 'identity' ? Number.MIN_VALUE : 0;
}

/**
 * The coding to answer with among those available: the highest q-value above 0, ties broken br > gzip >
 * identity. No header (or an empty one) means identity. When the client refuses everything available
 * (`identity;q=0` and no coding we hold), the identity body is sent anyway: RFC 9110 §12.1 lets a server
 * disregard the header rather than answer 406, and a readable body serves such a client better than an error.
 */
export function chooseEncoding(header: string | undefined, available: readonly Coding[]): Coding {
  if (!header?.trim()) return 'identity';
  const codings = parseAcceptEncoding(header);
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of preference) {
    if (!available.includes(coding)) continue;
    const q = qualityOf(codings, coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best ?? 'identity';
}

/**
 * Whether If-None-Match matches the current representation's ETag: `*` matches any current representation,
 * otherwise any listed entity tag equal to it by weak comparison (the opaque tags compared, W/ ignored).
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const mine = opaqueTag(etag);
  for (const [, tag] of header.matchAll(/(?:W\/)?"([^"]*)"/g)) if (tag === mine) return true;
  return false;
}

/** The opaque part of an entity tag, without its weakness prefix and quotes: `W/"abc"` and `"abc"` give `abc`. */
export function opaqueTag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"|"$/g, '');
}

/** Adds Accept-Encoding to a Vary header value unless it is already there or the answer varies on everything. */
export function varyOnAcceptEncoding(current: string | null): string {
  if (!current) return 'Accept-Encoding';
  const names = current.split(',').map((s) => s.trim().toLowerCase());
  return names.includes('*') || names.includes('accept-encoding') ? current : `${current}, Accept-Encoding`;
}
