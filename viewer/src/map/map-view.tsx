// The map element: adopts the maplibre map the entry created (first-map.ts), wires events, state sync,
// the deck.gl overlay and the first navigation from the URL (a parcel, a place, or the view in the hash).
import { useEffect, useRef } from 'react';
import { mapAtom } from '../state/view.ts';
import { store } from '../state/store.ts';
import type { FirstMap } from './first-map.ts';
import { wireMapEvents } from './map-events.ts';
import { syncMapWithState } from './map-sync.ts';
import { navigateFromUrl } from './navigate.ts';

export function MapView({ first }: { first: FirstMap }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const { map } = first;
    container.current.appendChild(map.getContainer());
    map.resize();
    const cleanups: (() => void)[] = [wireMapEvents(map, first)];
    let disposed = false;
    void first.loaded.then(() => {
      if (disposed) return;
      cleanups.push(syncMapWithState(map));
      store.set(mapAtom, map);
    });
    // deck.gl (labels and tool shapes) is a third of the bundle: parse it once the first view is fully
    // drawn, so it never competes with the first parcels for the main thread.
    void first.idle.then(() =>
      import('./deck-overlay.ts').then(({ attachDeckOverlay }) => {
        if (!disposed) cleanups.push(attachDeckOverlay(map));
      }),
    );
    void navigateFromUrl(map, location.pathname, location.hash);
    const onPop = () => void navigateFromUrl(map, location.pathname, location.hash, { fromHistory: true });
    window.addEventListener('popstate', onPop);
    return () => {
      disposed = true;
      window.removeEventListener('popstate', onPop);
      cleanups.forEach((c) => c());
      store.set(mapAtom, null);
      map.remove();
    };
  }, [first]);
  return <div ref={container} className="map" data-testid="map" />;
}
