// What a map click does while a drawing tool is on: the coordinates tool keeps one point, the line and
// polygon tools add vertices until a double click (or Finish) ends the shape.
import type { LonLat } from '@parcel-map/contracts/map/places';
import { store } from '../../state/store.ts';
import { toolAtom, type ToolId, type ToolState } from '../../state/ui.ts';

export const toolKinds: Record<ToolId, 'line' | 'polygon' | 'point'> = {
  measureDistance: 'line',
  measureArea: 'polygon',
  measureCoords: 'point',
  drawFocusArea: 'polygon',
};

/** Pure: the tool state after a click at `point`. */
export function withPoint(state: ToolState, point: LonLat): ToolState {
  if (!state.tool) return state;
  if (toolKinds[state.tool] === 'point') return { ...state, points: [point], finished: true };
  if (state.finished) return { ...state, points: [point], finished: false };
  return { ...state, points: [...state.points, point] };
}

/** Pure: ends the shape, dropping the repeated vertex that the two clicks of a double click add. */
export function finished(state: ToolState): ToolState {
  const points = state.points.filter(
    (p, i, all) => i === 0 || Math.hypot(p[0] - all[i - 1]![0], p[1] - all[i - 1]![1]) > 1e-9,
  );
  return { ...state, points, finished: true };
}

export function addToolPoint(point: LonLat): void {
  store.set(toolAtom, withPoint(store.get(toolAtom), point));
}

export function finishTool(): void {
  store.set(toolAtom, finished(store.get(toolAtom)));
}

export function startTool(tool: ToolId | null): void {
  store.set(toolAtom, { tool, points: [], finished: false });
}
