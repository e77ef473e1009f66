// The map screen's app (React, the panels, the shell, the stylesheets), loaded by main.tsx once the
// first parcels are drawn, around the map the entry already made.
// First, before any module that builds a zod schema: see zod-jitless.ts.
import './zod-jitless.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
import { Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startServerConfig } from './boot.ts';
import { startEffects } from './effects.ts';
import type { FirstMap } from './map/first-map.ts';
import { TestPaymentsBanner } from './shell/page-frame/test-payments-banner.tsx';
import { loadSession } from './state/session.ts';
import { store } from './state/store.ts';

export function renderApp(firstMap: FirstMap): void {
  // Every URL the app writes keeps the project's path: the effects start before the map is wired.
  startEffects('map');
  startServerConfig();
  void loadSession();
  createRoot(document.getElementById('root')!).render(
    <Provider store={store}>
      <TestPaymentsBanner />
      <App firstMap={firstMap} />
    </Provider>,
  );
}
