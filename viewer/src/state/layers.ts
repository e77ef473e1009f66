// What the map draws: the base layer, the additional layers switched on, the label and boundary
// toggles, parcel lines, the on-map legend and the colours. The layers panel writes them; map/ draws them.
import { atom } from 'jotai';
import { defaultColors, type MapColors } from '../model/colors.ts';
import { defaultLabelTile, type LabelTileChoice } from '../model/label-tiles.ts';
import type { Basemap } from './url.ts';

export interface FloatingLabels {
  owner: boolean;
  parcelnumb: boolean;
  dimensionsFeet: boolean;
  dimensionsMeters: boolean;
}

export const basemapAtom = atom<Basemap>('street');
/** Ids of the additional layers switched on, most recent last (the legend shows the last one). */
export const activeLayersAtom = atom<string[]>([]);
export const floatingLabelsAtom = atom<FloatingLabels>({
  owner: false,
  parcelnumb: false,
  dimensionsFeet: false,
  dimensionsMeters: false,
});
/** The label tile (street and place names, or place names only) and whether it is on. */
export const labelTileAtom = atom<LabelTileChoice>(defaultLabelTile);
export const subBoundariesAtom = atom(true);
/** Which sub-boundaries to outline: one level below the place for the zoom ('auto'), or a chosen level
 * (the states of the country, the counties of the state, the cities of the county, the neighborhoods
 * of the city). */
export type SubBoundaryLevel = 'auto' | 'state' | 'county' | 'city' | 'neighborhood';
export const subBoundaryLevelAtom = atom<SubBoundaryLevel>('auto');
export const parcelLinesAtom = atom(true);
export const showLegendOnMapAtom = atom(false);
export const colorsAtom = atom<MapColors>(defaultColors);
