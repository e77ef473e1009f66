// The map screen's maplibre map, created by the entry before React and the app load, so that the first
// parcels need only maplibre, the style and the tiles. MapView adopts it when the app renders.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { colorsFor } from '../model/colors.ts';
import { colorsAtom } from '../state/layers.ts';
import { viewAtom } from '../state/view.ts';
import { store } from '../state/store.ts';
import { createMap } from './create-map.ts';
import { parcelLayerIds, type TileJson } from './layers/parcels-layer/parcels-layer.ts';

declare global {
  interface Window {
    __parcelsDrawnAt?: number;
  }
}

export interface FirstMap {
  map: MapLibreMap;
  /** The map's `load` and its first `idle`: both may be over by the time the app wires the map. */
  loaded: Promise<void>;
  idle: Promise<void>;
  /** The first frame with parcel lines in it (window.__parcelsDrawnAt, which the bench and tests read). */
  parcelsDrawn: Promise<void>;
}

/** Resolves at the first frame that draws parcel lines. Checked at most every 50 ms while rendering, and
 * always at `idle`, so a last frame inside the 50 ms is not missed until the next render. */
function watchFirstParcels(map: MapLibreMap): Promise<void> {
  return new Promise((done) => {
    let last = 0;
    const check = (force: boolean) => {
      const now = performance.now();
      if (!force && now - last < 50) return;
      last = now;
      if (
        map.getLayer(parcelLayerIds.line) &&
        map.queryRenderedFeatures({ layers: [parcelLayerIds.line] }).length > 0
      ) {
        window.__parcelsDrawnAt = now;
        map.off('render', onRender);
        map.off('idle', onIdle);
        done();
      }
    };
    const onRender = () => check(false);
    const onIdle = () => check(true);
    map.on('render', onRender);
    map.on('idle', onIdle);
  });
}

export function startFirstMap(tileJson: TileJson | null): FirstMap {
  // Fills the window on its own (the app's stylesheet is not loaded yet); MapView moves it into the app.
  const element = document.createElement('div');
  element.style.cssText = 'position:absolute;inset:0';
  document.body.prepend(element);
  const map = createMap(element, store.get(viewAtom), colorsFor(store.get(colorsAtom), 'street'), tileJson);
  return {
    map,
    loaded: new Promise((done) => map.once('load', () => done())),
    idle: new Promise((done) => map.once('idle', () => done())),
    parcelsDrawn: watchFirstParcels(map),
  };
}
