// Export pricing and its warnings (spec sections 5 and 9), pure functions of the selection so tests
// compute them by hand. Numbers live in pricing.json; the free csv rows per month in the config.
import type { ExportFormat, ExportWarning, Quote } from '@parcel-map/contracts/commerce/exports';
import { formatUsd } from '@parcel-map/contracts/money';
import prices from './pricing.json' with { type: 'json' };

export const pricing = prices;

export interface QuoteInput {
  format: ExportFormat;
  count: number;
  remaining: number;
  country: string;
  counties: number;
  publicSources: number;
  focusAcres?: number;
}

export const minimumOrderText = `Minimum order: 10 parcels (${formatUsd(prices.minimum_cents.csv)} spreadsheet, ${formatUsd(prices.minimum_cents.spatial)} spatial).`;
/** The link of every warning that sends the buyer to the Data Store (spec: the fallback when an export is too large). */
export const dataStoreLink = { label: 'Open the Data Store', href: '/store' };
/** The store page of a selection's country, else the store's landing page. */
const storeLinkOf = (country: string) => ({
  ...dataStoreLink,
  href: /^[a-z]{2}$/.test(country) ? `/store/${country}` : '/store',
});
export const managersOnlyText =
  'Only available to managers. Please contact your account admin to change your user permissions.';

export function quote(input: QuoteInput): Quote {
  const csv = input.format === 'csv';
  const kind = csv ? 'csv' : 'spatial';
  const freeApplied = csv ? Math.min(input.count, Math.max(0, input.remaining)) : 0;
  const billable = input.count - freeApplied;
  const perRecord = prices.cents_per_record[kind];
  const price = billable * perRecord;
  const warnings: ExportWarning[] = [];
  const belowMinimum = billable > 0 && billable < prices.minimum_records;
  if (input.count === 0)
    warnings.push({
      code: 'empty',
      message: 'There are no parcels in this selection. Change the filters or the place to export parcels.',
    });
  if (belowMinimum) warnings.push({ code: 'minimum', message: minimumOrderText });
  const overCountyPrice = price > prices.price_warning_cents[kind];
  if (overCountyPrice) {
    warnings.push({
      code: 'county-price',
      message: `This export costs more than buying the whole county (over ${formatUsd(prices.price_warning_cents[kind])} for a ${csv ? 'spreadsheet' : 'spatial file'}). Buy the county file in the Data Store instead.`,
      link: storeLinkOf(input.country),
    });
  }
  if (input.counties > 1)
    warnings.push({
      code: 'multi-county',
      message: `This selection filters on ${input.counties} counties. Exports are priced per county: narrow the selection to one county, or buy the counties in the Data Store.`,
      link: storeLinkOf(input.country),
    });
  if (input.publicSources > 0)
    warnings.push({
      code: 'public-sources',
      message: 'Public sources in this project cannot be exported; only parcel data is included.',
    });
  const cap = input.country === 'ca' ? prices.price_cap_cents.ca : prices.price_cap_cents.other;
  const overLimit = price > cap;
  if (overLimit) {
    warnings.push({
      code: 'over-limit',
      message: `This purchase is over the export tool's limit of ${formatUsd(cap, 0)}. Please contact ${prices.support_email} or use the Data Store.`,
      link: storeLinkOf(input.country),
    });
  }
  const focusTooLarge = input.focusAcres !== undefined && input.focusAcres > prices.focus_area_max_acres;
  if (focusTooLarge)
    warnings.push({
      code: 'focus-too-large',
      message: `This focus area is larger than ${prices.focus_area_max_acres.toLocaleString('en-US')} acres and too large to export.`,
    });
  const blocked = input.count === 0 || focusTooLarge || overLimit;
  return {
    requested: input.count,
    free_applied: freeApplied,
    billable,
    cents_per_record: perRecord,
    price_cents: price,
    remaining: Math.max(0, input.remaining),
    free_download: csv && input.count > 0 && billable === 0,
    warnings,
    can_add_to_cart: !blocked && billable > 0 && !belowMinimum && !overCountyPrice,
    can_download: !blocked && csv && billable === 0,
  };
}

/** The Review Data button's label (spec: Export panel). */
export function reviewLabel(q: Pick<Quote, 'free_download'>): string {
  return q.free_download ? 'Review Data & Download' : 'Review Data & Proceed to Cart';
}
