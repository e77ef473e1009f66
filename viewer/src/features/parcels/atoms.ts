// The open parcel's record and the other parcels at the clicked point, loaded from the selection.
import { atom } from 'jotai';
import { loadable } from 'jotai/utils';
import type { ParcelAtPoint, ParcelEntity } from '@parcel-map/contracts/map/parcels';
import { clickedPointAtom, selectedPathAtom } from '../../state/selection.ts';
import { getParcel, getParcelsAtPoint } from '../../api/parcels.ts';

const parcelQueryAtom = atom(async (get, { signal }): Promise<ParcelEntity | null> => {
  const path = get(selectedPathAtom);
  return path ? getParcel(path, signal) : null;
});
export const parcelAtom = loadable(parcelQueryAtom);

/** At the clicked point, or at the parcel's own centroid when it was opened from a link. */
const otherRecordsQueryAtom = atom(async (get, { signal }): Promise<ParcelAtPoint[]> => {
  const path = get(selectedPathAtom);
  if (!path) return [];
  let point = get(clickedPointAtom);
  if (!point) {
    const parcel = await get(parcelQueryAtom);
    point = parcel?.centroid ?? null;
  }
  if (!point) return [];
  const parcels = await getParcelsAtPoint(point[0], point[1], signal);
  return parcels.filter((p) => p.path !== path);
});
export const otherRecordsAtom = loadable(otherRecordsQueryAtom);
