// Store products, their prices from a county's parcel count, the product picker's rules (add-ons only
// with Premium; the two buildings add-ons exclusive), the cart's request shapes and the answers of the
// store pages and the cart. Shared with the viewer: no server-only imports. Prices and limits live in
// products.json.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';
import { paymentMethodId } from './billing.ts';
import catalog from './products.json' with { type: 'json' };

export const productIds = [
  'premium',
  'standard',
  'buildings-addon',
  'enhanced-buildings-addon',
  'addresses-addon',
  'zoning-addon',
] as const;
export type ProductId = (typeof productIds)[number];
export type AddonId = Exclude<ProductId, 'premium' | 'standard'>;
export const storeCatalog = catalog;
export const storeFormats = ['csv', 'shp', 'gpkg'] as const;

/** A product's price for a number of parcels: per 100 parcels, at least the minimum, in whole dollars. */
export function productPriceCents(id: ProductId, parcels: number): number {
  const product = catalog.products.find((p) => p.id === id)!;
  const raw = Math.max(product.minimum_cents, Math.ceil((parcels * product.cents_per_100_parcels) / 100));
  return Math.ceil(raw / 100) * 100;
}

/** A state is its counties' prices less the state discount. */
export function statePriceCents(id: ProductId, countyParcels: number[]): number {
  const sum = countyParcels.reduce((total, n) => total + productPriceCents(id, n), 0);
  return Math.ceil((sum * (100 - catalog.state_discount_percent)) / 100 / 100) * 100;
}

export const shapefileTooLarge = (parcels: number) => parcels > catalog.shapefile_max_parcels;

export interface PickerState {
  product: 'premium' | 'standard';
  addons: AddonId[];
}

const exclusive: Partial<Record<AddonId, AddonId>> = {
  'buildings-addon': 'enhanced-buildings-addon',
  'enhanced-buildings-addon': 'buildings-addon',
};

/**
 * The picker's answer to a click: a non-premium product clears add-ons; an add-on needs Premium; picking
 * one buildings add-on shows both for a moment and names the other to remove after 1 s.
 */
export function pick(
  state: PickerState,
  id: ProductId,
): { state: PickerState; removeLater?: AddonId; refused?: string } {
  if (id === 'premium' || id === 'standard')
    return { state: { product: id, addons: id === 'premium' ? state.addons : [] } };
  if (state.product !== 'premium') return { state, refused: 'Add-ons are available with Premium only.' };
  if (state.addons.includes(id)) return { state: { ...state, addons: state.addons.filter((a) => a !== id) } };
  const other = exclusive[id];
  return {
    state: { ...state, addons: [...state.addons, id] },
    removeLater: other && state.addons.includes(other) ? other : undefined,
  };
}

/** The server's check of a cart item: the final add-ons (non-premium has none; one buildings add-on, the last chosen). */
export function normaliseAddons(product: ProductId, addons: AddonId[]): AddonId[] {
  if (product !== 'premium') return [];
  const out: AddonId[] = [];
  for (const addon of addons) {
    const other = exclusive[addon];
    const kept = other ? out.filter((a) => a !== other) : out;
    if (!kept.includes(addon)) kept.push(addon);
    out.splice(0, out.length, ...kept);
  }
  return out;
}

const placePath = boundedString(300)
  .trim()
  .regex(/^\/[a-z]{2}(\/[a-z0-9-]+)*$/, 'A place path looks like /us/ma/middlesex');
const addon = z.enum(['buildings-addon', 'enhanced-buildings-addon', 'addresses-addon', 'zoning-addon']);

export const addBody = z
  .object({
    path: placePath,
    product: z.enum(['premium', 'standard']),
    addons: z.array(addon).max(4).default([]),
    fmt: z.enum(storeFormats).default('csv'),
  })
  .strict();
export const removeBody = z.object({ path: boundedString(320).trim().min(3) }).strict();
export const checkoutBody = z
  .object({ payment_method_id: paymentMethodId, idempotency_key: boundedString(100).min(8) })
  .strict();

export const cartItem = z.object({
  key: z.string(),
  kind: z.enum(['export', 'store']),
  path: z.string(),
  variant: z.string(),
  fmt: z.string(),
  addons: z.array(z.string()),
  count: z.number(),
  price: z.number(),
  map_id: z.number().nullable(),
  all_parcels: z.boolean(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartAnswer = z.object({ items: z.record(z.string(), cartItem), total: z.number(), count: z.number() });
export type CartAnswer = z.infer<typeof cartAnswer>;

export const cartFailureText = (email: string) =>
  `Sorry, we were not able to add this place to your cart. Please reach out to ${email} for assistance.`;

/** GET /store/stats.json: how many counties and states are for sale. */
export const storeStats = z.object({ counties: z.number(), states: z.number() });

/** GET /store/places.json: a country's states (with county counts) or a state's counties, with the Premium price. */
const placeForSale = z.object({
  path: z.string(),
  headline: z.string(),
  parcels: z.number(),
  premium_price: z.number(),
  counties: z.number().optional(),
});

/** GET /store/products.json: the products of a county or a whole state, their formats and prices. */
export const storeProductsAnswer = z.object({
  path: z.string(),
  headline: z.string(),
  parcels: z.number(),
  state: z.boolean(),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      addon: z.boolean(),
      legacy: z.boolean(),
      available: z.boolean(),
      variant: z.string(),
      format_types: z.array(z.object({ format: z.string(), available: z.boolean(), tooltip: z.string().nullable() })),
      price: z.number(),
      fields: z.array(z.string()),
      features: z.array(z.string()),
      /** The page of the place's parcel coverage; `coverage` is the product's own fields' fill there. */
      coverage_report: z.string(),
      coverage: z.object({
        sampled: z.number(),
        fields: z.array(z.object({ name: z.string(), label: z.string(), percent: z.number() })),
      }),
      schemas: z.array(z.object({ label: z.string(), href: z.string() })),
      description_no_shapefile: z.string().nullable(),
    }),
  ),
});

export const storePlacesAnswer = z.object({ places: z.array(placeForSale) });

export const storeSearchAnswer = z.object({
  results: z.array(z.object({ path: z.string(), headline: z.string(), kind: z.string() })),
});

export type StoreProductsAnswer = z.infer<typeof storeProductsAnswer>;
export type StorePlacesAnswer = z.infer<typeof storePlacesAnswer>;
export type StoreSearchAnswer = z.infer<typeof storeSearchAnswer>;
