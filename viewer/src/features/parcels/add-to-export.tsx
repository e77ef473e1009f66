// The parcel pane's "Add to export": picks the open parcel for an export of hand-picked parcels (the
// map's shift- or ctrl-click does the same), and takes it out again.
import { useAtomValue, useSetAtom } from 'jotai';
import { pickedParcelsAtom, togglePickedAtom } from '../../state/export-selection.ts';

export function AddToExport(props: { path: string }) {
  const picked = useAtomValue(pickedParcelsAtom);
  const toggle = useSetAtom(togglePickedAtom);
  const added = picked.includes(props.path);
  return (
    <button
      type="button"
      className="link-button small"
      data-testid="add-to-export"
      aria-pressed={added}
      title="Pick parcels for an export: shift- or ctrl-click parcels on the map, or use this link"
      onClick={() => toggle(props.path)}
    >
      {added ? `Remove from export (${picked.length} picked)` : 'Add to export'}
    </button>
  );
}
