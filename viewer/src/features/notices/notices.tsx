// Messages over the map: zoom notices, the dismissible zoom reminder (below zoom 6, dismissal remembered)
// and alerts (auto-hidden after 5 s).
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { activeLayersAtom, catalogueAtom, configAtom, floatingLabelsAtom, viewAtom } from '../../state/map-atoms.ts';
import { alertsAtom } from '../../state/ui-atoms.ts';
import { builtInCatalogue } from '../layers-panel/catalogue.ts';
import { zoomNotices, zoomReminderBelow, zoomReminderKey } from './zoom-notices.ts';

export function ZoomNotices() {
  const { zoom } = useAtomValue(viewAtom);
  const labels = useAtomValue(floatingLabelsAtom);
  const activeIds = useAtomValue(activeLayersAtom);
  const catalogue = useAtomValue(catalogueAtom);
  const config = useAtomValue(configAtom);
  const entries = catalogue.length > 0 ? catalogue : builtInCatalogue;
  const active = entries.filter((l) => activeIds.includes(l.id));
  const notices = zoomNotices(zoom, { parcelMinZoom: config?.parcelMinZoom ?? 11, labels, active });
  if (notices.length === 0) return null;
  return (
    <div className="zoom-notices" data-testid="zoom-notices">
      {notices.map((n) => <div key={n} className="notice">{n}</div>)}
    </div>
  );
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(zoomReminderKey) === 'true';
  } catch {
    return false;
  }
}

export function ZoomReminder() {
  const { zoom } = useAtomValue(viewAtom);
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed || zoom >= zoomReminderBelow) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(zoomReminderKey, 'true');
    } catch {
      // Remembered for this visit only.
    }
  };
  return (
    <div className="zoom-reminder" data-testid="zoom-reminder">
      Zoom in to explore parcels and places.
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismiss}>×</button>
    </div>
  );
}

export function Alerts() {
  const alerts = useAtomValue(alertsAtom);
  const setAlerts = useSetAtom(alertsAtom);
  if (alerts.length === 0) return null;
  return (
    <div className="alerts" data-testid="alerts">
      {alerts.map((a) => (
        <div key={a.id} role="alert" className={`alert alert-${a.kind}`}>
          {a.text}
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setAlerts(alerts.filter((x) => x.id !== a.id))}>×</button>
        </div>
      ))}
    </div>
  );
}
