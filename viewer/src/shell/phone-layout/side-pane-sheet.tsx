// The side pane (parcel details, the account tab) as a bottom sheet on phones: it peeks over the lower
// part of the map, a drag on its handle pulls it between peek and full height (a tap toggles), and the
// map controls and the place header above it stay usable. On wider screens it adds nothing: the wrapper
// is `display: contents` and the panes keep their desktop places.
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { accountTabAtom } from '../../state/account-tab.ts';
import { selectedPathAtom } from '../../state/selection.ts';
import { detailsOpenAtom } from '../../state/ui.ts';
import {
  dragHeight,
  releaseVelocity,
  sheetSizes,
  snapAfterDrag,
  tapSlop,
  type SheetSizes,
  type Snap,
} from './sheet-snap.ts';
import { useViewport } from './use-viewport.ts';
import './phone.css';

interface Drag {
  startY: number;
  startHeight: number;
  samples: { y: number; t: number }[];
}

function SheetHandle(props: {
  snap: Snap;
  height: number;
  sizes: SheetSizes;
  onDrag: (height: number | null) => void;
  onSnap: (snap: Snap) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const down = (e: PointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startY: e.clientY, startHeight: props.height, samples: [{ y: e.clientY, t: e.timeStamp }] };
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    d.samples.push({ y: e.clientY, t: e.timeStamp });
    if (d.samples.length > 12) d.samples.shift();
    if (Math.abs(e.clientY - d.startY) >= tapSlop)
      props.onDrag(dragHeight(d.startHeight, d.startY, e.clientY, props.sizes));
  };
  const up = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    props.onDrag(null);
    if (Math.abs(e.clientY - d.startY) < tapSlop) {
      props.onSnap(props.snap === 'full' ? 'peek' : 'full');
      return;
    }
    d.samples.push({ y: e.clientY, t: e.timeStamp });
    props.onSnap(
      snapAfterDrag(
        dragHeight(d.startHeight, d.startY, e.clientY, props.sizes),
        releaseVelocity(d.samples),
        props.sizes,
      ),
    );
  };
  return (
    <button
      type="button"
      className="sheet-handle"
      data-testid="sheet-handle"
      aria-label={props.snap === 'full' ? 'Show more map' : 'Show the whole pane'}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      // Keyboard users toggle with Enter or Space (pointer taps are handled on pointer up).
      onClick={(e) => {
        if (e.detail === 0) props.onSnap(props.snap === 'full' ? 'peek' : 'full');
      }}
    >
      <span className="sheet-grabber" aria-hidden="true" />
    </button>
  );
}

export function SidePaneSheet({ children }: { children: ReactNode }) {
  const { phone, height: viewportHeight } = useViewport();
  const detailsOpen = useAtomValue(detailsOpenAtom);
  const selected = useAtomValue(selectedPathAtom);
  const tab = useAtomValue(accountTabAtom);
  const open = (detailsOpen && selected !== null) || tab !== null;
  const [snap, setSnap] = useState<Snap>('peek');
  const [dragged, setDragged] = useState<number | null>(null);
  // Each newly opened parcel or tab starts at peek, so the map around it stays in sight.
  useEffect(() => setSnap('peek'), [selected, tab]);
  const sizes = sheetSizes(viewportHeight);
  const height = dragged ?? sizes[snap];
  const sheet = phone && open;
  return (
    <div
      className={sheet ? 'side-sheet' : 'side-sheet-off'}
      data-testid={sheet ? 'side-sheet' : undefined}
      data-snap={sheet ? snap : undefined}
      data-dragging={dragged !== null}
      style={sheet ? { height } : undefined}
    >
      {/* The handle's slot is always there (null on desktop), so the panes below never remount. */}
      {sheet ? <SheetHandle snap={snap} height={height} sizes={sizes} onDrag={setDragged} onSnap={setSnap} /> : null}
      {children}
    </div>
  );
}
