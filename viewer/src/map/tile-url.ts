// Tile URLs for maplibre's sources: they must be absolute (the worker resolves relative ones against its
// own script URL), and the {z}/{x}/{y} braces must stay unescaped, which `new URL()` would not do.
export function absolute(url: string, origin = location.origin): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Appends a query (a paid token) to a tile URL that may already have one. */
export function withQuery(url: string, query: string): string {
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}
