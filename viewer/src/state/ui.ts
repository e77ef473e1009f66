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
/** The group onboarding (waterfall) panel: opens for a group the user is not in (spec map.md 4, 6). */
export const waterfallOpenAtom = atom(false);

/** Wide layout: window wider than 1165 px (spec 9), where the navigation may open by itself. */
export const wideLayoutPx = 1165;

/** Spec 4: the navigation opens by itself on wide screens (and never at 768 px or less) for paid or group users. */
export function navOpensOnStart(width: number, paid: boolean, inGroup: boolean): boolean {
  return width > wideLayoutPx && (paid || inGroup);
}

/** Spec 4, 6: the waterfall opens when the URL names a group's project and the user is not in that group. */
export function waterfallOpensFor(projectGroup: string | null, userGroupPath: string | null): boolean {
  return projectGroup !== null && userGroupPath !== `/g/${projectGroup}`;
}
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
