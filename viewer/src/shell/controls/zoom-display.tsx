// Admin-only zoom display (spec 2, spec 9: two decimals), under the zoom buttons; the admin menu's
// checkbox turns it off and on.
import { useAtomValue } from 'jotai';
import { zoomDisplayAtom } from '../../state/admin.ts';
import { viewAtom } from '../../state/view.ts';
import { levelAtom } from '../../state/session.ts';

function zoomLabel(zoom: number): string {
  return zoom.toFixed(2);
}

export function ZoomDisplay() {
  const level = useAtomValue(levelAtom);
  const { zoom } = useAtomValue(viewAtom);
  const shown = useAtomValue(zoomDisplayAtom);
  if (level !== 'admin' || !shown) return null;
  return (
    <div
      className="zoom-display"
      data-testid="zoom-display"
      title="Zoom level (admins only)"
      aria-label={`Zoom ${zoomLabel(zoom)}`}
    >
      <span className="control-label">Zoom</span>
      {zoomLabel(zoom)}
    </div>
  );
}
