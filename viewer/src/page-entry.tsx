// A page beside the map screen (coverage, account, admin, legal): the router and its page, on demand.
// First, before any module that builds a zod schema: see zod-jitless.ts.
import './zod-jitless.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import './styles.css';
import { Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { PageRouter } from './pages/page-router.tsx';
import { TestPaymentsBanner } from './shell/page-frame/test-payments-banner.tsx';
import { startEffects } from './effects.ts';
import { loadSession } from './state/session.ts';
import { store } from './state/store.ts';

export function renderPage(): void {
  startEffects('pages');
  void loadSession();
  createRoot(document.getElementById('root')!).render(
    <Provider store={store}>
      <TestPaymentsBanner />
      <PageRouter />
    </Provider>,
  );
}
