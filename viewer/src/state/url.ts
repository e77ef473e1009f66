// The address bar as state: the path names the open parcel or place, and the hash carries the base
// layer (`base`) and the map view (`map=zoom/lat/lon`). In project mode the path starts with the
// project's own path (/g/{group}/maps/{slug}) and a shared link keeps its `?share=` token, so a reload
// or a copied link reopens the same project. Pure functions apart from the project base set at start.

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

export interface ProjectRef {
  group: string;
  slug: string;
  /** The share token of a shared link (guests), or null. */
  share: string | null;
}

const projectPrefix = /^\/g\/([a-z0-9][a-z0-9-]*)\/maps\/([a-z0-9][a-z0-9-]*)(?=\/|$)/;

/** The project a URL names (/g/{group}/maps/{slug}/...?share=), and the place or parcel path after it. */
export function parseProjectUrl(pathname: string, search: string): { project: ProjectRef | null; rest: string } {
  const match = projectPrefix.exec(pathname);
  if (!match) return { project: null, rest: pathname };
  const share = new URLSearchParams(search).get('share');
  return {
    project: {
      group: match[1]!,
      slug: match[2]!,
      share: share && /^[A-Za-z0-9_-]{10,200}$/.test(share) ? share : null,
    },
    rest: pathname.slice(match[0].length) || '/',
  };
}

export function projectPathOf(project: Pick<ProjectRef, 'group' | 'slug'>): string {
  return `/g/${project.group}/maps/${project.slug}`;
}

let urlBase = { prefix: '', search: '' };

/** Called once at start in project mode: every URL the app writes then keeps the project and its share token. */
export function setProjectBase(project: ProjectRef | null): void {
  urlBase = project
    ? { prefix: projectPathOf(project), search: project.share ? `?share=${project.share}` : '' }
    : { prefix: '', search: '' };
}

export function parseUrl(pathname: string, hash: string): UrlState {
  const { base, view, p } = parseHash(hash);
  const { rest } = parseProjectUrl(pathname, '');
  return { path: normalizePath(rest) ?? p, base, view };
}

/** The address bar as the app writes it, for comparing with formatUrl's answer. */
export function currentUrl(): string {
  return location.pathname + location.search + location.hash;
}

/** Zoom rounded to 2 decimals (spec 9), coordinates to 5 (about a metre). */
export function formatHash(base: Basemap, view: MapView): string {
  const map = `${view.zoom.toFixed(2)}/${view.lat.toFixed(5)}/${view.lon.toFixed(5)}`;
  return `#base=${base}&map=${map}`;
}

export function formatUrl(path: string | null, base: Basemap, view: MapView): string {
  const place = path ?? (urlBase.prefix ? '' : '/');
  return `${urlBase.prefix}${place}${urlBase.search}${formatHash(base, view)}`;
}

/** Whether the address's hash holds `key` (`#insights`, `#export`, `#a=new-project`). */
export function hashHas(hash: string, key: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).has(key);
}

/**
 * Drops `key` from the address's hash, keeping the other keys, the path and the query (a project's
 * `?share=`), so that the next link to it acts again. Keys without a value stay bare (`#insights`).
 */
export function dropHashKey(key: string): void {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (!params.has(key)) return;
  params.delete(key);
  const rest = params.toString().replace(/=(&|$)/g, '$1');
  history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
}
