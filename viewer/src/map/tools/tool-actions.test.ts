import { describe, expect, it } from 'vitest';
import type { ToolState } from '../../state/ui.ts';
import { finished, withPoint } from './tool-actions.ts';

describe('drawing tool clicks', () => {
  it('adds vertices to a line until it is finished, then starts a new one', () => {
    let state: ToolState = { tool: 'measureDistance', points: [], finished: false };
    state = withPoint(state, [1, 1]);
    state = withPoint(state, [2, 2]);
    expect(state.points).toEqual([
      [1, 1],
      [2, 2],
    ]);
    state = finished(state);
    expect(withPoint(state, [3, 3]).points).toEqual([[3, 3]]);
  });

  it('keeps only the last point for the coordinates tool', () => {
    const state = withPoint(withPoint({ tool: 'measureCoords', points: [], finished: false }, [1, 1]), [2, 2]);
    expect(state).toEqual({ tool: 'measureCoords', points: [[2, 2]], finished: true });
  });

  it('drops the duplicate vertex of a double click when finishing', () => {
    const state = finished({
      tool: 'measureArea',
      points: [
        [0, 0],
        [1, 0],
        [1, 1],
        [1, 1],
      ],
      finished: false,
    });
    expect(state.points).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
  });

  it('ignores clicks when no tool is on', () => {
    const state = { tool: null, points: [], finished: false };
    expect(withPoint(state, [1, 1])).toBe(state);
  });
});
