// The address bar as state: the path names the open parcel or place, and the hash carries the base
// layer (`base`) and the map view (`map=zoom/lat/lon`). Pure functions, so tests need no browser.

export type Basemap = 'street' | 'satellite' | 'satellite2';
export const basemaps: readonly Basemap[] = ['street', 'satellite', 'satellite2'];

export interface MapView {
  zoom: number;
  lat: number;
  lon: number;
}

export interface UrlState {
  /** A parcel or place path such as /us/ma/middlesex/cambridge/123, or null at `/`. */
  path: string | null;
  base: Basemap | null;
  view: MapView | null;
}

const pathPattern = /^\/[a-z]{2}(\/[a-z0-9_.~-]+)*$/;

export function normalizePath(path: string): string | null {
  const trimmed = decodeURIComponent(path).replace(/\/+$/, '').toLowerCase();
  if (trimmed === '' || trimmed === '/') return null;
  return pathPattern.test(trimmed) ? trimmed : null;
}

/** Parcel paths end in the integer parcel id after country/state/county/city. */
export function isParcelPath(path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  return parts.length >= 5 && /^\d+$/.test(parts[parts.length - 1] ?? '');
}

export function countryOfPath(path: string | null | undefined): string | null {
  const match = /^\/([a-z]{2})(\/|$)/.exec(path ?? '');
  return match ? (match[1] ?? null) : null;
}

export function parseHash(hash: string): { base: Basemap | null; view: MapView | null; p: string | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const baseValue = params.get('base');
  const base = basemaps.includes(baseValue as Basemap) ? (baseValue as Basemap) : null;
  let view: MapView | null = null;
  const parts = (params.get('map') ?? '').split('/').map(Number);
  if (parts.length === 3 && parts.every((n) => Number.isFinite(n))) {
    const [zoom, lat, lon] = parts as [number, number, number];
    if (zoom >= 0 && zoom <= 22 && Math.abs(lat) <= 85.06 && Math.abs(lon) <= 180) view = { zoom, lat, lon };
  }
  const p = params.get('p');
  return { base, view, p: p ? normalizePath(p) : null };
}

export function parseUrl(pathname: string, hash: string): UrlState {
  const { base, view, p } = parseHash(hash);
  return { path: normalizePath(pathname) ?? p, base, view };
}

/** Zoom rounded to 2 decimals (spec 9), coordinates to 5 (about a metre). */
export function formatHash(base: Basemap, view: MapView): string {
  const map = `${view.zoom.toFixed(2)}/${view.lat.toFixed(5)}/${view.lon.toFixed(5)}`;
  return `#base=${base}&map=${map}`;
}

export function formatUrl(path: string | null, base: Basemap, view: MapView): string {
  return `${path ?? '/'}${formatHash(base, view)}`;
}
