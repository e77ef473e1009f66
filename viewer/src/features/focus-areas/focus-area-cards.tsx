// One focus-area card (name, area in the chosen unit, description) with its add or remove button,
// which shows a spinner while the call runs. Clicking the name zooms the map to the area.
import { useAtomValue } from 'jotai';
import { formatArea } from '../../model/units.ts';
import { mapAtom } from '../../state/view.ts';
import { unitsAtom } from '../../state/ui.ts';
import type { FocusArea } from '../../state/project.ts';
import { squareMetersPerAcre } from './focus-areas.ts';
import { zoomToFocusArea } from './focus-areas-layer.ts';

export function FocusAreaCard(props: {
  area: FocusArea;
  action?: 'add' | 'remove';
  busy: boolean;
  disabled: boolean;
  onAction: () => void;
}) {
  const { area } = props;
  const units = useAtomValue(unitsAtom);
  const map = useAtomValue(mapAtom);
  const label = props.action === 'add' ? 'Add' : 'Remove';
  return (
    <li className="focus-card" data-testid="focus-area-card" data-id={area.id}>
      <div className="focus-card-text">
        <button
          type="button"
          className="link-button focus-card-name"
          title="Zoom to this focus area"
          onClick={() => map && zoomToFocusArea(map, area)}
        >
          {props.action === 'add' ? area.headline : area.name}
        </button>
        <span className="muted small" data-testid="focus-area-size">
          {formatArea(area.acres * squareMetersPerAcre, units.area)}
        </span>
        {area.description && <p className="small focus-card-description">{area.description}</p>}
      </div>
      {props.busy && (
        <span
          className="focus-spinner"
          role="status"
          aria-label={props.action === 'add' ? 'Adding' : 'Removing'}
          data-testid="focus-area-spinner"
        />
      )}
      {props.action && !props.busy && (
        <button
          type="button"
          className="button"
          data-testid={`focus-area-${props.action}`}
          aria-label={`${label} ${area.name}`}
          disabled={props.disabled}
          onClick={props.onAction}
        >
          {label}
        </button>
      )}
    </li>
  );
}
