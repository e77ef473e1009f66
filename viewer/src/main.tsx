// Entry: registers the maplibre worker (before any map exists), restores saved settings, renders the app.
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
import { Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { boot } from './boot.ts';
import { store } from './state/store.ts';

setWorkerUrl(workerUrl);
boot();
createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <App />
  </Provider>,
);
