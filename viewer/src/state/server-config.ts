// What the server tells the viewer at start: its viewer configuration and the layer catalogue, loaded
// once by boot.ts and read by the map, the layers panel, the legend and the notices.
import { atom } from 'jotai';
import type { CatalogueLayer, ViewerConfig } from '../api/types.ts';

export const configAtom = atom<ViewerConfig | null>(null);
export const catalogueAtom = atom<CatalogueLayer[]>([]);
