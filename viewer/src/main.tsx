// Entry: registers the maplibre worker (before any map exists), takes the caller's token, asks who the
// caller is, and renders the map screen, or one of the pages (coverage, account, admin: loaded on demand).
// First, before any module that builds a zod schema: see zod-jitless.ts.
import './zod-jitless.ts';
import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
import { Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { isPagePath } from './pages/page-routes.tsx';
import { boot, fetchParcelTileJson } from './boot.ts';
import { store } from './state/store.ts';
import { TestPaymentsBanner } from './shell/page-frame/test-payments-banner.tsx';
import { loadSession } from './state/session.ts';
import { initToken } from './state/token.ts';
import { startEffects } from './effects.ts';
setWorkerUrl(workerUrl);
// An invitation link's ?token= is the invitation's own, not an API token to keep for the tab.
if (location.pathname !== '/users/invitation') initToken();
const root = createRoot(document.getElementById('root')!);

if (isPagePath(location.pathname)) {
  startEffects('pages');
  void loadSession();
  void import('./pages/page-router.tsx').then(({ PageRouter }) =>
    root.render(
      <Provider store={store}>
        <TestPaymentsBanner />
        <PageRouter />
      </Provider>,
    ),
  );
} else {
  // Start the worker and the parcel TileJSON request now, in parallel with React's first render.
  prewarm();
  const tileJson = fetchParcelTileJson();
  // Before boot: every URL the app writes keeps the project's path.
  startEffects('map');
  boot();
  void loadSession();
  void tileJson.then((parcels) =>
    root.render(
      <Provider store={store}>
        <TestPaymentsBanner />
        <App parcelTileJson={parcels} />
      </Provider>,
    ),
  );
}
