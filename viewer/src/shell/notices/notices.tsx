// Messages over the map: zoom notices, the dismissible zoom reminder (below zoom 6, dismissal remembered
// as the zoom_in_reminder_dismissed preference) and alerts (auto-hidden after 5 s).
import { useAtomValue, useSetAtom } from 'jotai';
import { activeLayersAtom, floatingLabelsAtom } from '../../state/layers.ts';
import { catalogueAtom, configAtom } from '../../state/server-config.ts';
import { viewAtom } from '../../state/view.ts';
import { preferencesAtom, preferencesLoadedAtom, savePreference } from '../../state/preferences.ts';
import { alertsAtom } from '../../state/ui.ts';
import { builtInCatalogue } from '../../features/layers-panel/catalogue.ts';
import { zoomNotices, zoomReminderBelow } from './zoom-notices.ts';

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
      {notices.map((n) => (
        <div key={n} className="notice">
          {n}
        </div>
      ))}
    </div>
  );
}

export function ZoomReminder() {
  const { zoom } = useAtomValue(viewAtom);
  const loaded = useAtomValue(preferencesLoadedAtom);
  const dismissed = useAtomValue(preferencesAtom).zoom_in_reminder_dismissed === true;
  // Not before the preferences are known: a dismissed reminder must not flash on load.
  if (!loaded || dismissed || zoom >= zoomReminderBelow) return null;
  const dismiss = () => void savePreference('zoom_in_reminder_dismissed', true).catch(() => {});
  return (
    <div className="zoom-reminder" data-testid="zoom-reminder">
      Zoom in to explore parcels and places.
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
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
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => setAlerts(alerts.filter((x) => x.id !== a.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
