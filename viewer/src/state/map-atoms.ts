// Cross-feature map state: the map instance, the view, the hovered and selected parcel, the base layer,
// layer and label toggles, colours, and the server's viewer configuration and layer catalogue.
import { atom } from 'jotai';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { AtPoint, LonLat } from '@parcel-map/contracts/map/places';
import type { CatalogueLayer, ClientConfig } from '@parcel-map/contracts/map/layers';
import { defaultColors, type MapColors } from '../model/colors.ts';
import type { Basemap } from './url.ts';

export interface ViewState {
  center: LonLat;
  zoom: number;
  width: number;
  height: number;
}

export interface HoveredParcel {
  id: number | string;
  path: string;
  address: string | null;
  owner: string | null;
  parcelnumb: string | null;
}

export interface FloatingLabels {
  owner: boolean;
  parcelnumb: boolean;
  dimensionsFeet: boolean;
  dimensionsMeters: boolean;
}

export const mapAtom = atom<MapLibreMap | null>(null);
export const viewAtom = atom<ViewState>({ center: [-71.11, 42.375], zoom: 12, width: 0, height: 0 });
export const hoveredParcelAtom = atom<HoveredParcel | null>(null);
/** Path of the parcel open in the details pane (also the URL path). */
export const selectedPathAtom = atom<string | null>(null);
/** The place named in the URL when no parcel is open (/us/ma/middlesex/cambridge). */
export const placePathAtom = atom<string | null>(null);
/** Where the user clicked to open the parcel: Other Records at Location lists parcels there. */
export const clickedPointAtom = atom<LonLat | null>(null);
export const atPointAtom = atom<AtPoint | null>(null);

export const basemapAtom = atom<Basemap>('street');
export const configAtom = atom<ClientConfig | null>(null);
export const catalogueAtom = atom<CatalogueLayer[]>([]);
/** Ids of the additional layers switched on, most recent last (the legend shows the last one). */
export const activeLayersAtom = atom<string[]>([]);
export const floatingLabelsAtom = atom<FloatingLabels>({ owner: false, parcelnumb: false, dimensionsFeet: false, dimensionsMeters: false });
/** The label tile: place names over the basemap; off falls back to a map with no floating place labels. */
export const placeLabelsAtom = atom(true);
export const subBoundariesAtom = atom(true);
/** Which sub-boundaries to outline: one level below the place for the zoom ('auto'), or a chosen level
 * (the states of the country, the counties of the state, the cities of the county, the neighborhoods
 * of the city). */
export type SubBoundaryLevel = 'auto' | 'state' | 'county' | 'city' | 'neighborhood';
export const subBoundaryLevelAtom = atom<SubBoundaryLevel>('auto');
export const parcelLinesAtom = atom(true);
export const showLegendOnMapAtom = atom(false);
export const colorsAtom = atom<MapColors>(defaultColors);
export const terrainAtom = atom(false);
