// Cross-feature UI state: which panel is open (one at a time), the navigation rail, the drawing tool,
// measurement units, and short-lived alerts (auto-hidden after 5 s, spec 8).
import { atom } from 'jotai';
import type { LonLat } from '@parcel-map/contracts/map/places';
import type { AreaUnit, DistanceUnit } from '../model/units.ts';

export type PanelId =
  | 'project'
  | 'layers'
  | 'style'
  | 'legend'
  | 'colors'
  | 'tools'
  | 'print'
  | 'help'
  | 'focus-areas'
  | 'surveys';
export type ToolId = 'measureDistance' | 'measureArea' | 'measureCoords' | 'drawFocusArea';

export interface ToolState {
  tool: ToolId | null;
  points: LonLat[];
  finished: boolean;
}

export interface Alert {
  id: number;
  text: string;
  kind: 'info' | 'warning' | 'error';
}

export const panelAtom = atom<PanelId | null>(null);
/** The side navigation (Alt+T). Spec 4 opens it on wide screens for paid or group users only, so an
 * anonymous visitor starts with it closed; the map controls stay visible either way. */
export const navOpenAtom = atom(false);
export const detailsOpenAtom = atom(false);
export const toolAtom = atom<ToolState>({ tool: null, points: [], finished: false });
export const unitsAtom = atom<{ distance: DistanceUnit; area: AreaUnit }>({ distance: 'miles', area: 'acres' });
export const alertsAtom = atom<Alert[]>([]);

export const alertMs = 5000;
let nextAlert = 1;

/** Shows an alert for 5 seconds. */
export const showAlertAtom = atom(null, (get, set, alert: { text: string; kind?: Alert['kind'] }) => {
  const id = nextAlert++;
  set(alertsAtom, [
    ...get(alertsAtom).filter((a) => a.text !== alert.text),
    { id, text: alert.text, kind: alert.kind ?? 'info' },
  ]);
  setTimeout(() => set(alertsAtom, (list) => list.filter((a) => a.id !== id)), alertMs);
});

/** Escape: closes the open panel, the help modal and the details pane, and stops drawing. */
export const closePanelsAtom = atom(null, (_get, set) => {
  set(panelAtom, null);
  set(detailsOpenAtom, false);
  set(toolAtom, { tool: null, points: [], finished: false });
});

/** Opening one panel closes the others; opening the open one closes it. Leaving tools stops drawing. */
export const togglePanelAtom = atom(null, (get, set, panel: PanelId) => {
  const next = get(panelAtom) === panel ? null : panel;
  set(panelAtom, next);
  if (next !== 'tools') set(toolAtom, { tool: null, points: [], finished: false });
});
