// Parcels hand-picked for an export (shift- or ctrl-click on the map, or "Add to export" on the parcel
// pane): the export pane offers exactly these. Shared by the map, the parcel pane and the export pane.
import { atom } from 'jotai';
import { maxPickedParcels } from '@parcel-map/contracts/commerce/exports';

export const pickedParcelsAtom = atom<string[]>([]);

/** Adds a parcel to the picked ones, or takes it out when it is already there; past the cap nothing is added. */
export const togglePickedAtom = atom(null, (get, set, path: string) => {
  const picked = get(pickedParcelsAtom);
  if (picked.includes(path))
    set(
      pickedParcelsAtom,
      picked.filter((p) => p !== path),
    );
  else if (picked.length < maxPickedParcels) set(pickedParcelsAtom, [...picked, path]);
});
