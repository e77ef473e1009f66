// A county's (or state's) product picker: Premium or Standard, add-ons only with Premium (the two
// buildings add-ons exclusive: the other goes after 1 s), Unavailable badges, formats (a struck-out
// shapefile with its tooltip when too large), 6 add-on features before View more, and the cart button
// (Add to cart, Updating, Update cart).
import { ProductReport } from './product-report.tsx';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { Tooltip } from '../../ui/tooltip.tsx';
import {
  cartFailureText,
  pick,
  storeCatalog,
  type AddonId,
  type PickerState,
  type ProductId,
} from '@parcel-map/contracts/commerce/store';
import { signedInAtom } from '../../state/session.ts';
import { addToCart, loadCart, storeProducts, type ProductsAnswer } from './api.ts';

const supportEmail = 'support@parcel-map.org';

export function ProductPicker(props: { path: string; esri: boolean }) {
  const preselect = new URLSearchParams(location.search).get('product');
  const signedIn = useAtomValue(signedInAtom);
  const [data, setData] = useState<ProductsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [state, setState] = useState<PickerState>({
    product: preselect === 'standard' ? 'standard' : 'premium',
    addons: [],
  });
  const [fmt, setFmt] = useState('csv');
  const [inCart, setInCart] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [more, setMore] = useState<Set<string>>(new Set());

  useEffect(() => {
    storeProducts(props.path).then(
      (d) => {
        setData(d);
        document.title = `${d.headline} · Data Store`;
      },
      () => setFailed(true),
    );
    if (preselect && preselect.endsWith('-addon')) setState({ product: 'premium', addons: [preselect as AddonId] });
  }, [props.path, preselect]);

  // Only a signed-in visitor has a cart: asking for it anonymously is a 401 (a console error on every
  // county page), so the cart is read once the session says who is here.
  useEffect(() => {
    if (!signedIn) return;
    loadCart().then(
      (cart) => setInCart(Object.values(cart.items).find((i) => i.path === props.path)?.variant ?? null),
      () => undefined,
    );
  }, [props.path, signedIn]);

  const choose = (id: ProductId) => {
    const next = pick(state, id);
    if (next.refused) return setMessage(next.refused);
    setMessage(null);
    setState(next.state);
    if (next.removeLater) {
      const other = next.removeLater;
      setTimeout(() => setState((s) => ({ ...s, addons: s.addons.filter((a) => a !== other) })), 1000);
    }
  };
  const add = async () => {
    setUpdating(true);
    try {
      await addToCart(data!.state, { path: props.path, product: state.product, addons: state.addons, fmt });
      setInCart(state.product);
      setMessage(null);
    } catch (e) {
      const text = (e as Error).message;
      setMessage(text && typeof text === 'string' ? text : cartFailureText(supportEmail));
    } finally {
      setUpdating(false);
    }
  };

  if (failed) return <p className="error">{cartFailureText(supportEmail)}</p>;
  if (!data) return <p className="muted">Loading...</p>;
  const byId = new Map(data.products.map((p) => [p.id, p]));
  const main = byId.get(state.product)!;
  const total = [state.product, ...state.addons].reduce((sum, id) => sum + (byId.get(id)?.price ?? 0), 0);
  const addonList = data.products.filter((p) => p.addon);
  const label = updating ? 'Updating' : inCart && inCart !== state.product ? 'Update cart' : 'Add to cart';
  return (
    <section data-testid="product-picker">
      <h1>{data.headline}</h1>
      <p className="muted">
        {data.parcels.toLocaleString('en-US')} parcels{data.state ? ' in the whole state' : ''}.
      </p>
      <ul className="store-products">
        {data.products
          .filter((p) => !p.addon)
          .map((p) => (
            <li key={p.id}>
              <label>
                <input
                  type="radio"
                  name="product"
                  checked={state.product === p.id}
                  disabled={!p.available}
                  onChange={() => choose(p.id as ProductId)}
                  data-testid={`product-${p.id}`}
                />{' '}
                <strong>{p.name}</strong>
                {!p.available && <span className="store-badge">Unavailable</span>}
                <br />
                <span className="small muted">{p.description}</span>
                <ProductReport product={p} />
              </label>
              <strong>{formatUsd(p.price)}</strong>
            </li>
          ))}
      </ul>
      <h2>
        Add-ons <span className="small muted">(with Premium)</span>
      </h2>
      <ul className="store-products">
        {addonList.map((p) => (
          <li key={p.id}>
            <label>
              <input
                type="checkbox"
                checked={state.addons.includes(p.id as AddonId)}
                disabled={!p.available || state.product !== 'premium'}
                onChange={() => choose(p.id as ProductId)}
                data-testid={`product-${p.id}`}
              />{' '}
              {p.name}
              {!p.available && <span className="store-badge">Unavailable</span>}
              <br />
              <span className="small muted">{p.description}</span>
              <ul className="small">
                {p.features.slice(0, more.has(p.id) ? undefined : 6).map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              {p.features.length > 6 && !more.has(p.id) && (
                <button type="button" className="button" onClick={() => setMore(new Set([...more, p.id]))}>
                  View more
                </button>
              )}
              <ProductReport product={p} />
            </label>
            <span>{formatUsd(p.price)}</span>
          </li>
        ))}
      </ul>
      <p role="group" aria-label="Format">
        {main.format_types.map((f) => (
          <Tooltip key={f.format} content={f.tooltip} disabled={!f.available} testId={`store-format-${f.format}`}>
            <label className={f.available ? '' : 'store-struck'}>
              <input
                type="radio"
                name="fmt"
                checked={fmt === f.format}
                disabled={!f.available}
                onChange={() => setFmt(f.format)}
              />{' '}
              {f.format === 'shp' ? 'Shapefile' : f.format === 'gpkg' ? 'GeoPackage' : 'Spreadsheet'}{' '}
            </label>
          </Tooltip>
        ))}
      </p>
      <p>
        Total: <strong data-testid="store-total">{formatUsd(total)}</strong>
      </p>
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
      <button
        type="button"
        className="button primary"
        data-testid="store-add"
        disabled={updating}
        onClick={() => void add()}
      >
        {updating && <span className="export-spinner" />} {label}
      </button>
      <p className="small muted">
        Prices: {storeCatalog.products.find((p) => p.id === 'premium')!.name} and the add-ons are priced per 100 parcels
        of the place.
      </p>
    </section>
  );
}
