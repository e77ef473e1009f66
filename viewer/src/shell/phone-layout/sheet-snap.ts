// Bottom-sheet geometry on phones: the two resting heights (peek, full) for a viewport, the height while
// a finger drags the handle, and where a released drag settles. Pure, so tests need no browser.

export type Snap = 'peek' | 'full';

export interface SheetSizes {
  peek: number;
  full: number;
  /** The lowest a drag may pull it (the handle and the pane's title stay visible). */
  min: number;
}

/** The collapsed place header (name and search) stays visible above a full sheet. */
export const headerReserve = 96;
/** A release faster than this (px per ms) follows its direction rather than the nearer height. */
export const flickSpeed = 0.5;
/** A press that moves less than this is a tap: it toggles between peek and full. */
export const tapSlop = 6;

export function sheetSizes(viewportHeight: number): SheetSizes {
  const full = Math.max(160, viewportHeight - headerReserve);
  // About 40% of the screen: the map controls above it stay reachable on a 390x800 phone.
  const peek = Math.min(full, Math.max(160, Math.round(viewportHeight * 0.4)));
  return { peek, full, min: Math.min(peek, 96) };
}

/** The sheet's height while dragging: it follows the finger, within min and full. */
export function dragHeight(startHeight: number, startY: number, y: number, sizes: SheetSizes): number {
  return Math.min(sizes.full, Math.max(sizes.min, startHeight + (startY - y)));
}

/** Where a release settles: a flick goes its way, a slow release to the nearer resting height. */
export function snapAfterDrag(height: number, velocity: number, sizes: SheetSizes): Snap {
  if (Math.abs(velocity) >= flickSpeed) return velocity > 0 ? 'full' : 'peek';
  return Math.abs(height - sizes.full) < Math.abs(height - sizes.peek) ? 'full' : 'peek';
}

/** Upward speed in px per ms from the last pointer samples (positive: the sheet grows). */
export function releaseVelocity(samples: { y: number; t: number }[]): number {
  const last = samples[samples.length - 1];
  // Only the last 100 ms count: a pause before letting go is not a flick.
  const first = samples.find((s) => last && last.t - s.t <= 100);
  if (!last || !first || last.t === first.t) return 0;
  return (first.y - last.y) / (last.t - first.t);
}
