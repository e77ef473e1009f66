// /store: the data store's landing page: how many counties and states are for sale, the typeahead, the
// US county map (a click opens the county's page), and the states (and Canadian provinces) with their Premium prices; each leads to its store page.
import { useEffect, useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { storePlaces, storeStats, type StorePlace } from './api.ts';
import { StoreCountyMap } from './store-county-map.tsx';
import { StoreSearch } from './store-search.tsx';
import '../page.css';
import '../../features/exports/export.css';

export function StoreLandingPage() {
  const [states, setStates] = useState<StorePlace[] | null>(null);
  const [stats, setStats] = useState<{ counties: number; states: number } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    document.title = 'Data Store · Parcel Map';
    Promise.all([storePlaces('/us'), storePlaces('/ca')]).then(
      ([us, ca]) => setStates([...us.places, ...ca.places]),
      () => setFailed(true),
    );
    storeStats().then(setStats, () => setStats(null));
  }, []);
  return (
    <div className="page" data-testid="store-landing">
      <main className="page-main page-narrow">
        <p>
          <a href="/">← Back to the map</a> · <a href="/orders/cart?from=/store">View Cart</a>
        </p>
        <h1>Data Store</h1>
        <p>
          Parcel data files by county or state, as spreadsheet, shapefile or GeoPackage.
          {stats && (
            <span data-testid="store-stats">
              {' '}
              {stats.counties.toLocaleString('en-US')} counties in {stats.states.toLocaleString('en-US')} states and
              provinces.
            </span>
          )}
        </p>
        <StoreSearch country="us" base="/store" />
        <StoreCountyMap base="/store" />
        {failed && <p className="muted">The list of states could not be loaded. Please try again.</p>}
        {!states && !failed && <p className="muted">Loading...</p>}
        {states && (
          <ul className="store-states" data-testid="store-states">
            {states.map((s) => (
              <li key={s.path}>
                <a href={`/store${s.path}`}>{s.headline}</a>{' '}
                <span className="muted small">
                  {s.counties} counties · from {formatUsd(s.premium_price)} for the state
                </span>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
