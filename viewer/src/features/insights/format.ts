// How insights figures read (spec 2 and 9): currency, numbers with separators, shares as percents with
// <1% below 1, Top Owners axis labels truncated to 4 characters, 8 owners per page.
export const ownersPerPage = 8;
export const ownerBarColor = '#7cb5ec';

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCurrency(value: number | null): string {
  return value === null ? 'No data' : currency.format(value);
}

export function formatNumber(value: number | null, wholeOnly = false): string {
  return value === null ? 'No data' : (wholeOnly ? whole : number).format(value);
}

/** A percent of 0..100: under 1 (but above 0) reads <1%, else one decimal at most. */
export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 1) return '<1%';
  return `${Math.round(percent * 10) / 10}%`;
}

export function formatShare(share: number | null): string {
  return share === null ? 'No data' : formatPercent(share * 100);
}

export function percentOf(count: number, total: number): number {
  return total > 0 ? (count / total) * 100 : 0;
}

export function axisLabel(name: string): string {
  return name.length > 4 ? name.slice(0, 4) : name;
}

export function pageOf<T>(items: T[], page: number): T[] {
  return items.slice(page * ownersPerPage, (page + 1) * ownersPerPage);
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ownersPerPage));
}

export const landUseLabels: Record<string, string> = {
  unknown: 'Unknown',
  residential: 'Residential',
  trade: 'Trade',
  industrial: 'Industrial',
  infrastructure: 'Infrastructure',
  travel: 'Travel',
  assembly: 'Assembly',
  leisure: 'Leisure',
  natural: 'Natural',
  vacant: 'Vacant',
};

// The APA LBCS activity colours (reference/parcel-schema.md section 3); grey for unknown, white-ish for no activity.
export const landUseColors: Record<string, string> = {
  unknown: '#9ca3af',
  residential: '#FFFF00',
  trade: '#FF0000',
  industrial: '#A020F0',
  infrastructure: '#0000FF',
  travel: '#BEBEBE',
  assembly: '#2F4F4F',
  leisure: '#90EE90',
  natural: '#228B22',
  vacant: '#e5e7eb',
};

export const vacancyLabels: Record<string, string> = {
  vacantResidential: 'Vacant Residential',
  occupiedResidential: 'Occupied Residential',
  vacantNonResidential: 'Vacant Non-Residential',
  occupiedNonResidential: 'Occupied Non-Residential',
  unknownStatus: 'Unknown Status',
};
export const vacancyColors: Record<string, string> = {
  vacantResidential: '#f59e0b',
  occupiedResidential: '#7cb5ec',
  vacantNonResidential: '#ef4444',
  occupiedNonResidential: '#434348',
  unknownStatus: '#d1d5db',
};
