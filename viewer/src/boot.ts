// Start-up state: base layer from the hash or local storage, saved colours, the initial view, and
// persistence of the base layer and label tile afterwards (boot, before the map exists); the server's viewer config
// and layer catalogue (startServerConfig, with the app, once the first parcels are drawn).
import { getJson } from './api/client.ts';
import type { CatalogueLayer, ClientConfig } from '@parcel-map/contracts/map/layers';
import type { TileJson } from './map/layers/parcels-layer/parcels-layer.ts';
import { colorStorageKey, parseColors } from './model/colors.ts';
import { labelTileStorageKey, parseLabelTile, serializeLabelTile } from './model/label-tiles.ts';
import { basemapAtom, colorsAtom, labelTileAtom } from './state/layers.ts';
import { catalogueAtom, configAtom } from './state/server-config.ts';
import { placePathAtom, replaceHash, selectedPathAtom } from './state/selection.ts';
import { viewAtom } from './state/view.ts';
import { levelAtom } from './state/session.ts';
import { store } from './state/store.ts';
import { detailsOpenAtom } from './state/ui.ts';
import { basemaps, isParcelPath, parseUrl, type Basemap } from './state/url.ts';

export const baseLayerStorageKey = 'base_layer';
/** Cambridge, MA: the real data loaded by default. */
export const defaultView = { center: [-71.11, 42.375] as [number, number], zoom: 13 };

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Started before React renders, so the parcel tile URLs are known by the time the map is created. */
export function fetchParcelTileJson(): Promise<TileJson | null> {
  return getJson<TileJson>('/api/v1/parcels', { format: 'mvt' }).catch((error: unknown) => {
    console.warn(`parcel TileJSON: ${(error as Error).message}`);
    return null;
  });
}

function loadConfig(): void {
  getJson<ClientConfig>('/api/v1/config.json')
    .then((config) => store.set(configAtom, config))
    .catch((error: unknown) => {
      console.warn(`viewer config: ${(error as Error).message}`);
      store.set(configAtom, { basemaps: {}, parcelMinZoom: 11 });
    });
}

export function boot(): void {
  const url = parseUrl(location.pathname, location.hash);
  const saved = readStorage(baseLayerStorageKey) as Basemap | null;
  store.set(basemapAtom, url.base ?? (saved && basemaps.includes(saved) ? saved : 'street'));
  store.set(colorsAtom, parseColors(readStorage(colorStorageKey)));
  store.set(labelTileAtom, parseLabelTile(readStorage(labelTileStorageKey)));
  const view = url.view
    ? { center: [url.view.lon, url.view.lat] as [number, number], zoom: url.view.zoom }
    : defaultView;
  store.set(viewAtom, { ...view, width: window.innerWidth, height: window.innerHeight });
  // A parcel path opens the parcel before anything else writes the URL.
  if (url.path && isParcelPath(url.path)) {
    store.set(selectedPathAtom, url.path);
    store.set(detailsOpenAtom, true);
  } else if (url.path) {
    // Likewise a place path: the map's first move rewrites the URL from these atoms before navigation reads it.
    store.set(placePathAtom, url.path);
  }

  store.sub(basemapAtom, () => {
    try {
      localStorage.setItem(baseLayerStorageKey, store.get(basemapAtom));
    } catch {
      // Private mode: the hash still carries the base layer.
    }
    replaceHash(store.get);
  });
  store.sub(labelTileAtom, () => {
    try {
      localStorage.setItem(labelTileStorageKey, serializeLabelTile(store.get(labelTileAtom)));
    } catch {
      // Private mode: the choice lasts for the visit.
    }
  });
}

/** The viewer config and the layer catalogue: the panels, legend and map sync read them, the first
 * parcels do not, so they are asked for with the app. */
export function startServerConfig(): void {
  loadConfig();
  // The server gives the 3D terrain URL to site-control levels only: ask again when the level changes.
  let level = store.get(levelAtom);
  store.sub(levelAtom, () => {
    if (store.get(levelAtom) === level) return;
    level = store.get(levelAtom);
    loadConfig();
  });
  getJson<CatalogueLayer[]>('/api/v1/layers.json')
    .then((layers) => store.set(catalogueAtom, Array.isArray(layers) ? layers : []))
    .catch((error: unknown) => console.warn(`layer catalogue: ${(error as Error).message}`));
}
