// /store{/esri}/{country}, /store/{country}/{state} (its counties, paged 50 at a time) and
// /store/{country}/{state}/{county} (the product picker). The path after /store (and /esri) is the place.
import { useEffect, useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { ProductPicker } from './product-picker.tsx';
import { storePlaces, type StorePlace } from './api.ts';
import { StorePager } from './store-pager.tsx';
import { StoreSearch } from './store-search.tsx';
import '../page.css';
import '../../features/exports/export.css';

const pageSize = 50;

export function StorePlacePage() {
  const esri = location.pathname.startsWith('/store/esri/');
  const base = esri ? '/store/esri' : '/store';
  const path = location.pathname.slice(base.length).replace(/\/$/, '');
  const depth = path.split('/').filter(Boolean).length;
  const country = (path.split('/')[1] === 'ca' ? 'ca' : 'us') as 'us' | 'ca';
  const [places, setPlaces] = useState<StorePlace[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(0);
  useEffect(() => {
    document.title = 'Data Store · Parcel Map';
    if (depth <= 2)
      storePlaces(path).then(
        (b) => setPlaces(b.places),
        () => setFailed(true),
      );
  }, [path, depth]);
  const pages = places ? Math.ceil(places.length / pageSize) : 0;
  return (
    <div className="page" data-testid="store-place">
      <main className="page-main page-narrow">
        <p>
          <a href="/store">← Data Store</a> ·{' '}
          <a
            href={`${esri ? '/orders/esri/cart' : '/orders/cart'}?from=${encodeURIComponent(`${base}${path}`)}`}
            data-testid="view-cart"
          >
            View Cart
          </a>
        </p>
        {depth >= 3 || (depth === 2 && new URLSearchParams(location.search).has('product')) ? (
          <ProductPicker path={path} esri={esri} />
        ) : (
          <>
            <h1>{depth === 1 ? (country === 'ca' ? 'Canada' : 'United States') : 'Counties'}</h1>
            <StoreSearch country={country} base={base} />
            {depth === 2 && (
              <p>
                <a href={`${base}${path}?product=premium`} data-testid="store-whole-state">
                  Buy the whole state
                </a>
              </p>
            )}
            {failed && <p className="error">This place could not be loaded. Please try again.</p>}
            {!places && !failed && <p className="muted">Loading...</p>}
            {places && (
              <ul className="store-states" data-testid="store-places">
                {places.slice(page * pageSize, (page + 1) * pageSize).map((p) => (
                  <li key={p.path}>
                    <a href={`${base}${p.path}`}>{p.headline}</a>{' '}
                    <span className="muted small">
                      {p.parcels.toLocaleString('en-US')} parcels · Premium {formatUsd(p.premium_price)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <StorePager page={page} pages={pages} onPage={setPage} />
          </>
        )}
      </main>
    </div>
  );
}
