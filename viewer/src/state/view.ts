// The map instance and what it shows: the centre, zoom and size of the view, shared by the map code
// (which writes them) and every panel that reads the working place or the zoom.
import { atom } from 'jotai';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LonLat } from '@parcel-map/contracts/map/places';

export interface ViewState {
  center: LonLat;
  zoom: number;
  width: number;
  height: number;
}

export const mapAtom = atom<MapLibreMap | null>(null);
export const viewAtom = atom<ViewState>({ center: [-71.11, 42.375], zoom: 12, width: 0, height: 0 });
