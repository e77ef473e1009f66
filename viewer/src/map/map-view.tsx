// The map element: creates the maplibre map once, wires events, state sync, the deck.gl overlay and
// the first navigation from the URL (a parcel, a place, or the view in the hash).
import { useEffect, useRef } from 'react';
import { colorsFor } from '../model/colors.ts';
import { colorsAtom } from '../state/layers.ts';
import { mapAtom, viewAtom } from '../state/view.ts';
import { store } from '../state/store.ts';
import { createMap } from './create-map.ts';
import type { TileJson } from './layers/parcels-layer/parcels-layer.ts';
import { wireMapEvents } from './map-events.ts';
import { syncMapWithState } from './map-sync.ts';
import { navigateFromUrl } from './navigate.ts';

export function MapView({ tileJson }: { tileJson: TileJson | null }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const view = store.get(viewAtom);
    const map = createMap(container.current, view, colorsFor(store.get(colorsAtom), 'street'), tileJson);
    const cleanups: (() => void)[] = [wireMapEvents(map)];
    let disposed = false;
    map.once('load', () => {
      cleanups.push(syncMapWithState(map));
      store.set(mapAtom, map);
    });
    // deck.gl (labels and tool shapes) is a third of the bundle: parse it once the first view is fully
    // drawn, so it never competes with the first parcels for the main thread.
    map.once('idle', () => {
      void import('./deck-overlay.ts').then(({ attachDeckOverlay }) => {
        if (!disposed) cleanups.push(attachDeckOverlay(map));
      });
    });
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
  }, []);
  return <div ref={container} className="map" data-testid="map" />;
}
