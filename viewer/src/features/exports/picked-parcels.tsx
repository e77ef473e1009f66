// The export pane's hand-picked parcels: how many are picked (shift- or ctrl-click on the map, or "Add
// to export" on the parcel pane), whether the export is exactly those, and Clear.
import { useAtom } from 'jotai';
import { pickedParcelsAtom } from '../../state/export-selection.ts';

export function PickedParcels(props: { use: boolean; onUse: (use: boolean) => void }) {
  const [picked, setPicked] = useAtom(pickedParcelsAtom);
  if (picked.length === 0)
    return (
      <p className="muted small" data-testid="export-picked-hint">
        To export chosen parcels only, shift- or ctrl-click them on the map, or use Add to export on a parcel.
      </p>
    );
  return (
    <p className="small" data-testid="export-picked">
      <label>
        <input
          type="checkbox"
          checked={props.use}
          onChange={(e) => props.onUse(e.target.checked)}
          data-testid="export-picked-only"
        />{' '}
        Export only the {picked.length.toLocaleString('en-US')} parcel{picked.length === 1 ? '' : 's'} I picked
      </label>{' '}
      <button type="button" className="link-button" onClick={() => setPicked([])} data-testid="export-picked-clear">
        Clear
      </button>
    </p>
  );
}
