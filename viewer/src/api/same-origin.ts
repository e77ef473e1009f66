// Links built from text that users or other sites control (a place request's path, a page's ?from=):
// only a path of this site becomes a link. Parsed as the browser would follow it (new URL, which drops
// tabs and newlines and reads /\ as //), then its origin compared, so //evil.example, /\evil.example,
// /<tab>/evil.example and javascript: never leave the site.

/** The same-origin path (path, query, hash) `raw` leads to, or null when it leads anywhere else. */
export function sameOriginPath(raw: string | null | undefined, origin: string = location.origin): string | null {
  if (!raw || !raw.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}
