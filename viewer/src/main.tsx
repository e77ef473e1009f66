// Entry: registers the maplibre worker (before any map exists), restores saved settings, renders the app.
import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
import { Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { boot, fetchParcelTileJson } from './boot.ts';
import { store } from './state/store.ts';

setWorkerUrl(workerUrl);
// Start the worker and the parcel TileJSON request now, in parallel with React's first render.
prewarm();
const tileJson = fetchParcelTileJson();
boot();
void tileJson.then((parcels) =>
  createRoot(document.getElementById('root')!).render(
    <Provider store={store}>
      <App parcelTileJson={parcels} />
    </Provider>,
  ),
);
