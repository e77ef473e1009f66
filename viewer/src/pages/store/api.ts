// The data store's calls; stats are cached in localStorage for a day (spec: cached locally).
import { getJson, sendJson } from '../../api/client.ts';
import type { CartAnswer } from '@parcel-map/contracts/commerce/store';

export interface StorePlace {
  path: string;
  headline: string;
  parcels: number;
  premium_price: number;
  counties?: number;
}
export interface StoreProduct {
  id: string;
  name: string;
  description: string;
  addon: boolean;
  available: boolean;
  price: number;
  fields: string[];
  features: string[];
  format_types: { format: string; available: boolean; tooltip: string | null }[];
  legacy: boolean;
  coverage_report: string;
  coverage: { sampled: number; fields: { name: string; label: string; percent: number }[] };
  schemas: { label: string; href: string }[];
}
export interface ProductsAnswer {
  path: string;
  headline: string;
  parcels: number;
  state: boolean;
  products: StoreProduct[];
}

export async function storeStats(): Promise<{ counties: number; states: number }> {
  const cached = localStorage.getItem('store-stats');
  if (cached) {
    const { at, value } = JSON.parse(cached) as { at: number; value: { counties: number; states: number } };
    if (Date.now() - at < 86_400_000) return value;
  }
  const value = await getJson<{ counties: number; states: number }>('/store/stats.json');
  localStorage.setItem('store-stats', JSON.stringify({ at: Date.now(), value }));
  return value;
}

export const storePlaces = (path: string) => getJson<{ places: StorePlace[] }>('/store/places.json', { path });
export const storeProducts = (path: string) => getJson<ProductsAnswer>('/store/products.json', { path });
export const storeSearch = (q: string, country: string) =>
  getJson<{ results: { path: string; headline: string; kind: string }[] }>('/store/search.json', { q, country });
export const loadCart = () => getJson<CartAnswer>('/orders/cart.json');
export const addToCart = (state: boolean, body: { path: string; product: string; addons: string[]; fmt: string }) =>
  sendJson<CartAnswer>('POST', state ? '/orders/cart/add_state.json' : '/orders/cart/add.json', body);
