// Entry: on the map screen, only what draws the first parcels: the maplibre worker, the parcel TileJSON,
// the start-up state and the map (map/first-map.ts), without React, zod or the panels; the app
// (app-entry.tsx) loads once the first parcels are drawn. A page path loads its router (page-entry.tsx).
import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { boot, fetchParcelTileJson } from './boot.ts';
import { startFirstMap } from './map/first-map.ts';
import { isPagePath } from './pages/page-routes.tsx';
import { initToken } from './state/token.ts';
setWorkerUrl(workerUrl);
// An invitation link's ?token= is the invitation's own, not an API token to keep for the tab.
if (location.pathname !== '/users/invitation') initToken();

if (isPagePath(location.pathname)) {
  void import('./page-entry.tsx').then(({ renderPage }) => renderPage());
} else {
  // The worker and the parcel TileJSON start now, in parallel with the parsing of the rest.
  prewarm();
  const tileJson = fetchParcelTileJson();
  boot();
  void tileJson.then((parcels) => {
    const first = startFirstMap(parcels);
    // A place or parcel path is the app's to navigate to, so the app comes at once; otherwise it waits
    // for the first parcels (or a complete first frame without any, say below the parcel zoom), so that
    // nothing competes with them for the network and the main thread.
    const ready =
      location.pathname === '/'
        ? Promise.race([first.parcelsDrawn, first.idle, new Promise((done) => setTimeout(done, 5000))])
        : Promise.resolve();
    void ready.then(() => import('./app-entry.tsx')).then(({ renderApp }) => renderApp(first));
  });
}
