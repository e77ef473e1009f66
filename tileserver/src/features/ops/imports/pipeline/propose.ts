// The proposed mapping for a file nobody has mapped yet: each source column matched to the schema
// field it most likely holds, by its name (the names counties use, then words in the name such as
// "land use" or "acre") and by its content (numbers, years, ZIPs, addresses, codes or descriptions),
// with a confidence and the reason for each match, and the columns left unmapped. What names and
// values say about a column is in column-names.ts and column-values.ts; this module ranks the matches.
import type { ProposedMatch } from '@parcel-map/contracts/ops/imports';
import { hints, names, normal } from './column-names.ts';
import { fittedField, profile, shareOf, type Profile, type SourceColumn } from './column-values.ts';
import type { Catalog, Mapping } from './mapping.ts';

// One match: the field, its column (two for an address joined from house number and street), a
// confidence (a usual name with fitting values ~0.95, a telling word in the name ~0.75, content alone
// ~0.5) and the reason. The admin page reads the same shape from the report.
export type { ProposedMatch };

// A column of the file with its first values, as the readers hand it in.
export type { SourceColumn };

export interface Proposal {
  /** A mapping the importer accepts (what is written beside the file). */
  mapping: Mapping;
  matches: ProposedMatch[];
  /** Source columns no field took, in file order. */
  unmapped: string[];
}

/** A mapping proposal for the given source columns (only fields of the catalog), with its reasons. */
export function proposeMapping(columns: SourceColumn[], catalog: Catalog): Proposal {
  const candidates: (ProposedMatch & { rank: number })[] = [];
  const offer = (
    field: string,
    column: SourceColumn,
    confidence: number,
    because: string,
    p: Profile,
    rank: number,
  ) => {
    const fitted = fittedField(field, p, catalog);
    if (!fitted || !catalog.has(fitted.field)) return;
    candidates.push({
      field: fitted.field,
      columns: [column.name],
      confidence,
      reason: `${because}; ${fitted.note}`,
      rank,
    });
  };
  for (const column of columns) {
    const p = profile(column);
    if (p.filled.length === 0) continue;
    const name = normal(column.name);
    for (const [field, usual] of Object.entries(names)) {
      const at = usual.indexOf(name);
      if (at >= 0) offer(field, column, 0.95, `the name ${column.name} is a usual name for ${field}`, p, at);
    }
    if (catalog.has(column.name.toLowerCase()))
      offer(column.name.toLowerCase(), column, 0.95, `the name ${column.name} is the schema's own`, p, 0);
    for (const hint of hints) {
      if (hint.test.test(name) && !hint.not?.test(name))
        offer(hint.field, column, 0.75, `the name ${column.name} says ${hint.says}`, p, 50);
    }
    // Content alone: addresses and parcel ids are recognisable without a telling name.
    if (p.address >= 0.8) offer('address', column, 0.55, `${column.name} holds text shaped like site addresses`, p, 90);
    if (
      p.unique >= 0.9 &&
      shareOf(p.filled, (v) => /^[0-9A-Z][0-9A-Z.\-_ /]{2,30}$/i.test(v) && /\d/.test(v)) >= 0.9 &&
      p.number < 1
    ) {
      offer('parcelnumb', column, 0.5, `${column.name} holds unique identifier-like values`, p, 95);
    }
  }
  // Best first: confidence, then the earlier usual name, then file order (sort is stable).
  candidates.sort((a, b) => b.confidence - a.confidence || a.rank - b.rank);
  const mapping: Mapping = {};
  const matches: ProposedMatch[] = [];
  const used = new Set<string>();
  for (const { rank: _rank, ...match } of candidates) {
    if (mapping[match.field] || used.has(match.columns[0]!)) continue;
    mapping[match.field] = match.columns[0]!;
    used.add(match.columns[0]!);
    matches.push(match);
  }
  // Site address from house number plus street when the file has no full address.
  if (
    !mapping.address &&
    typeof mapping.saddno === 'string' &&
    typeof mapping.saddstr === 'string' &&
    catalog.has('address')
  ) {
    mapping.address = { concat: [mapping.saddno, mapping.saddstr], separator: ' ' };
    matches.push({
      field: 'address',
      columns: [mapping.saddno, mapping.saddstr],
      confidence: 0.8,
      reason: `house number ${mapping.saddno} and street ${mapping.saddstr} joined`,
    });
  }
  // The schema's order (parcel number, owner, address, ... as in the names table): the file reads like a form.
  const order = new Map(Object.keys(names).map((f, i) => [f, i]));
  matches.sort((a, b) => (order.get(a.field) ?? 99) - (order.get(b.field) ?? 99) || a.field.localeCompare(b.field));
  const ordered: Mapping = Object.fromEntries(matches.map((m) => [m.field, mapping[m.field]!]));
  return { mapping: ordered, matches, unmapped: columns.map((c) => c.name).filter((c) => !used.has(c)) };
}
