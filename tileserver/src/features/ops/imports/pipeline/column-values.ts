// What a column's values show: the share of numbers, years, ZIPs, dates, addresses, house numbers,
// descriptions, codes and distinct values in its samples, and whether they fit the field its name
// suggests (a usual code name holding descriptions is mapped to the description field instead).
import type { Catalog } from './mapping.ts';

export interface SourceColumn {
  name: string;
  /** Up to a few hundred values of the first rows, as text (null when blank). */
  samples: (string | null)[];
}

// What a column's values look like, from its samples.
export interface Profile {
  filled: string[];
  number: number;
  year: number;
  zip: number;
  date: number;
  address: number;
  houseNumber: number;
  words: number;
  code: number;
  unique: number;
}

export const shareOf = (values: string[], test: (v: string) => boolean) =>
  values.length === 0 ? 0 : values.filter(test).length / values.length;
const isNumber = (v: string) => /^-?\d+(\.\d+)?$/.test(v.replace(/[$,\s]/g, ''));

export function profile(c: SourceColumn): Profile {
  const filled = c.samples.filter((v): v is string => v !== null).map((v) => v.trim());
  return {
    filled,
    number: shareOf(filled, isNumber),
    year: shareOf(filled, (v) => /^(1[6-9]|20)\d\d(\.0+)?$/.test(v) || /^0+$/.test(v)),
    zip: shareOf(filled, (v) => /^\d{5}(-?\d{4})?$/.test(v)),
    date: shareOf(filled, (v) => /^(\d{4}-?\d{2}-?\d{2}|\d{1,2}\/\d{1,2}\/\d{4})/.test(v)),
    address: shareOf(filled, (v) => /^\d+[A-Z]?(-\d+[A-Z]?)?\s+[A-Za-z0-9].*[A-Za-z]/.test(v)),
    houseNumber: shareOf(filled, (v) => /^\d+[A-Z]?(-\d+[A-Z]?)?$/i.test(v)),
    // Descriptions: words (a space, or a long word in letters), not codes like R1 or 101.
    words: shareOf(
      filled,
      (v) => /[A-Za-z]{3}/.test(v) && (/[A-Za-z]\s+[A-Za-z]/.test(v) || /^[A-Za-z/&-]{5,}$/.test(v)),
    ),
    code: shareOf(filled, (v) => /^[A-Z0-9][A-Z0-9.\-/]{0,5}$/i.test(v)),
    unique: filled.length === 0 ? 0 : new Set(filled).size / filled.length,
  };
}

const pctOf = (share: number) => `${Math.round(share * 100)}%`;
const examples = (p: Profile) =>
  [...new Set(p.filled)]
    .slice(0, 2)
    .map((v) => JSON.stringify(v))
    .join(', ');

// Fields whose code and description a county may publish in one column: the values say which.
const pairs: Record<string, [code: string, desc: string]> = {
  usecode: ['usecode', 'usedesc'],
  zoning: ['zoning', 'zoning_description'],
};

const catalogNumeric = (catalog: Catalog, field: string) => ['number', 'integer'].includes(catalog.get(field) ?? '');

/**
 * Whether the values fit the field (and the field they fit better, for a code/description pair),
 * with what the values showed; null when they do not fit.
 */
export function fittedField(field: string, p: Profile, catalog: Catalog): { field: string; note: string } | null {
  const pair = Object.values(pairs).find((fields) => fields.includes(field));
  if (pair) {
    // A usual code name (LUC, ZONING) holding descriptions, or a description name holding codes, is
    // mapped by what it holds.
    if (p.words >= 0.7) return { field: pair[1], note: `its values are descriptions (${examples(p)})` };
    if (p.code >= 0.8) return { field: pair[0], note: `its values are codes (${examples(p)})` };
    return { field, note: `values ${examples(p)}` };
  }
  if (field === 'yearbuilt') return p.year >= 0.8 ? { field, note: `${pctOf(p.year)} of its values are years` } : null;
  if (field === 'szip') return p.zip >= 0.8 ? { field, note: `${pctOf(p.zip)} of its values are ZIP codes` } : null;
  if (field === 'mail_zip')
    return shareOf(p.filled, (v) => /^\d{3,5}(-?\d{4})?$/.test(v)) >= 0.5
      ? { field, note: 'its values are ZIP codes' }
      : null;
  if (field === 'parcelnumb')
    return p.unique >= 0.9 ? { field, note: `${pctOf(p.unique)} of its values are unique` } : null;
  if (field === 'saddno')
    return p.houseNumber >= 0.8 ? { field, note: `${pctOf(p.houseNumber)} of its values are house numbers` } : null;
  if (field === 'address')
    return p.address >= 0.5
      ? { field, note: `${pctOf(p.address)} of its values look like addresses (${examples(p)})` }
      : null;
  if (catalog.get(field) === 'date')
    return p.date >= 0.5 ? { field, note: `${pctOf(p.date)} of its values are dates` } : null;
  if (catalogNumeric(catalog, field))
    return p.number >= 0.8 ? { field, note: `${pctOf(p.number)} of its values are numbers` } : null;
  return { field, note: `values ${examples(p)}` };
}
