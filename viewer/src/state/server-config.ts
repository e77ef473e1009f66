// What the server tells the viewer at start: its viewer configuration and the layer catalogue, loaded
// once by boot.ts and read by the map, the layers panel, the legend and the notices.
import { atom } from 'jotai';
import type { CatalogueLayer, ClientConfig } from '@parcel-map/contracts/map/layers';

export const configAtom = atom<ClientConfig | null>(null);
export const catalogueAtom = atom<CatalogueLayer[]>([]);
