// The signed-in user's followed datasets (stored sources and catalogue layers), each with whether it is
// on the map: the follows page, the Follow dataset buttons and the map's dataset layers all read it.
import { atom } from 'jotai';
import type { FollowedDataset } from '@parcel-map/contracts/workspace/datasets';

export type { FollowedDataset };

export const followedDatasetsAtom = atom<FollowedDataset[]>([]);
/** The stored sources to draw: followed, on the map and still there. */
export const shownSourcesAtom = atom((get) =>
  get(followedDatasetsAtom).filter((d) => d.kind === 'source' && d.on_map && d.available),
);
