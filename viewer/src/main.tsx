// Entry: registers the maplibre worker (before any map exists), takes the caller's token, restores saved
// settings and renders the map screen, or the coverage page at /coverage (loaded on demand).
import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
import { Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { boot, fetchParcelTileJson } from './boot.ts';
import { store } from './state/store.ts';
import { initToken, loadSession } from './state/token.ts';

setWorkerUrl(workerUrl);
initToken();
const root = createRoot(document.getElementById('root')!);

if (/^\/coverage\/?$/.test(location.pathname)) {
  void import('./features/coverage/coverage-screen.tsx').then(({ CoverageScreen }) => root.render(<CoverageScreen />));
} else {
  // Start the worker and the parcel TileJSON request now, in parallel with React's first render.
  prewarm();
  const tileJson = fetchParcelTileJson();
  boot();
  void loadSession();
  void tileJson.then((parcels) =>
    root.render(
      <Provider store={store}>
        <App parcelTileJson={parcels} />
      </Provider>,
    ),
  );
}
