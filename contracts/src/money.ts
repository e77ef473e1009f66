// Money on the wire and on screen: amounts are integer cents (USD) everywhere; this is the one place
// that turns cents into dollars for people to read.

/** Cents as en-US dollars: $1,234.50 (`digits` 0 for whole dollars). */
export function formatUsd(amountCents: number, digits = 2): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountCents / 100);
}
