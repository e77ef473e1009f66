// The hovered and selected parcel, the place the URL names and what lies at the clicked point, and
// opening and closing a parcel: the URL path follows the open parcel, so a reload or a shared link
// reopens it; the view and base layer stay in the hash.
import { atom } from 'jotai';
import type { AtPoint, LonLat } from '@parcel-map/contracts/map/places';
import { basemapAtom } from './layers.ts';
import { viewAtom } from './view.ts';
import { detailsOpenAtom } from './ui.ts';
import { currentUrl, formatUrl } from './url.ts';

export interface HoveredParcel {
  id: number | string;
  path: string;
  address: string | null;
  owner: string | null;
  parcelnumb: string | null;
}

export const hoveredParcelAtom = atom<HoveredParcel | null>(null);
/** Path of the parcel open in the details pane (also the URL path). */
export const selectedPathAtom = atom<string | null>(null);
/** The place named in the URL when no parcel is open (/us/ma/middlesex/cambridge). */
export const placePathAtom = atom<string | null>(null);
/** Where the user clicked to open the parcel: Other Records at Location lists parcels there. */
export const clickedPointAtom = atom<LonLat | null>(null);
export const atPointAtom = atom<AtPoint | null>(null);

export const selectParcelAtom = atom(
  null,
  (get, set, input: { path: string; point?: LonLat | null; push?: boolean }) => {
    set(selectedPathAtom, input.path);
    set(clickedPointAtom, input.point ?? null);
    set(detailsOpenAtom, true);
    const view = get(viewAtom);
    const url = formatUrl(input.path, get(basemapAtom), { zoom: view.zoom, lat: view.center[1], lon: view.center[0] });
    if (url === currentUrl()) return;
    if (input.push === false) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
  },
);

export const closeParcelAtom = atom(null, (get, set) => {
  set(selectedPathAtom, null);
  set(clickedPointAtom, null);
  set(detailsOpenAtom, false);
  const view = get(viewAtom);
  history.pushState(
    null,
    '',
    formatUrl(get(placePathAtom), get(basemapAtom), { zoom: view.zoom, lat: view.center[1], lon: view.center[0] }),
  );
});

/** A place chosen by link, breadcrumb, search or country: its path shows in the URL when no parcel is open. */
export const showPlaceAtom = atom(null, (get, set, path: string | null) => {
  set(placePathAtom, path);
  if (get(selectedPathAtom)) return;
  const view = get(viewAtom);
  const url = formatUrl(path, get(basemapAtom), { zoom: view.zoom, lat: view.center[1], lon: view.center[0] });
  if (url !== currentUrl()) history.pushState(null, '', url);
});

/** Keeps the hash in step with the view without adding history entries. */
export function replaceHash(get: <T>(a: import('jotai').Atom<T>) => T): void {
  const path = get(selectedPathAtom) ?? get(placePathAtom);
  const view = get(viewAtom);
  const url = formatUrl(path, get(basemapAtom), { zoom: view.zoom, lat: view.center[1], lon: view.center[0] });
  if (url !== currentUrl()) history.replaceState(null, '', url);
}
