// The insights oracle: every figure of an insights answer recomputed in JavaScript from the raw parcel
// rows, shared by the insights tests on the real data and on the synthetic county.
import { expect } from 'vitest';
import { landUseCategories, type InsightsPayload } from '@parcel-map/contracts/map/insights';
import type { Sql } from '../db/client.ts';

export interface Row {
  ll_gisacre: number | null;
  parval: number | null;
  yearbuilt: number | null;
  mailadd: string | null;
  address: string | null;
  struct: boolean | null;
  usps_vacancy: string | null;
  rdi: string | null;
  lbcs_activity: string | null;
  zoning: string | null;
  zoning_description: string | null;
  owner: string | null;
  /** owner_key(owner), the SQL function's grouping key (its own tests check the key itself). */
  owner_key: string | null;
}
export const columns = (db: Sql) =>
  db`p.ll_gisacre, p.parval, p.yearbuilt, p.mailadd, p.address, p.struct, p.usps_vacancy, p.rdi, p.lbcs_activity, p.zoning, p.zoning_description, p.owner, owner_key(p.owner) AS owner_key`;

const median = (values: number[]) => {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return (s[Math.floor(mid)]! + s[Math.ceil(mid)]!) / 2;
};

/** The oracle: every figure recomputed in JavaScript from the raw rows. */
export function expectFigures(body: InsightsPayload, rows: Row[]) {
  const n = body.numeric;
  expect(n.parcels).toBe(rows.length);
  expect(n.total_acres).toBeCloseTo(
    rows.reduce((s, r) => s + (r.ll_gisacre ?? 0), 0),
    6,
  );
  const acres = rows.flatMap((r) => (r.ll_gisacre === null ? [] : [r.ll_gisacre]));
  expect(n.median_acres ?? NaN).toBeCloseTo(median(acres) ?? NaN, 9);
  const values = rows.flatMap((r) => (r.parval !== null && r.parval > 0 ? [r.parval] : []));
  if (values.length) expect(n.median_value!).toBeCloseTo(median(values)!, 6);
  else expect(n.median_value).toBeNull();
  const years = rows
    .flatMap((r) => (r.yearbuilt !== null && r.yearbuilt > 0 ? [r.yearbuilt] : []))
    .sort((a, b) => a - b);
  expect(n.median_year_built).toBe(years.length ? years[Math.ceil(years.length / 2) - 1]! : null);
  const bothAddresses = rows.filter((r) => r.mailadd !== null && r.address !== null);
  const differs = bothAddresses.filter(
    (r) => r.mailadd!.trim().toUpperCase() !== r.address!.trim().toUpperCase(),
  ).length;
  expect(n.mail_differs_share).toBe(bothAddresses.length ? differs / bothAddresses.length : null);
  const structKnown = rows.filter((r) => r.struct !== null);
  expect(n.structure_share).toBe(
    structKnown.length ? structKnown.filter((r) => r.struct).length / structKnown.length : null,
  );

  const categoryOf = (code: string | null) => {
    const v = code === null ? NaN : Number(code);
    return v >= 1000 && v < 10000 ? landUseCategories[Math.floor(v / 1000)] : 'unknown';
  };
  for (const { activity_type, count } of body.lbcs!.activity_counts)
    expect([activity_type, count]).toEqual([
      activity_type,
      rows.filter((r) => categoryOf(r.lbcs_activity) === activity_type).length,
    ]);

  const zoning = new Map<string, number>();
  for (const r of rows) if (r.zoning?.trim()) zoning.set(r.zoning, (zoning.get(r.zoning) ?? 0) + 1);
  const topZoning = [...zoning].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 50);
  expect(body.lbcs!.zoning.map((z) => [z.code, z.count])).toEqual(topZoning);

  const status = (r: Row) =>
    r.usps_vacancy === 'Y' && r.rdi === 'Y'
      ? 'vacantResidential'
      : r.usps_vacancy === 'N' && r.rdi === 'Y'
        ? 'occupiedResidential'
        : r.usps_vacancy === 'Y' && r.rdi === 'N'
          ? 'vacantNonResidential'
          : r.usps_vacancy === 'N' && r.rdi === 'N'
            ? 'occupiedNonResidential'
            : 'unknownStatus';
  for (const { status: s, count } of body.premium!.charts.usps)
    expect([s, count]).toEqual([s, rows.filter((r) => status(r) === s).length]);

  // Owners grouped by key: count and acres summed, named by the most common spelling (ties: byte order).
  const owners = new Map<string, { count: number; acres: number; spellings: Map<string, number> }>();
  for (const r of rows) {
    if (!r.owner?.trim() || r.owner_key === null) continue;
    const o = owners.get(r.owner_key) ?? { count: 0, acres: 0, spellings: new Map<string, number>() };
    o.spellings.set(r.owner, (o.spellings.get(r.owner) ?? 0) + 1);
    owners.set(r.owner_key, { ...o, count: o.count + 1, acres: o.acres + (r.ll_gisacre ?? 0) });
  }
  const byLabel = new Map<string, { count: number; acres: number; spellings: number }>();
  for (const o of owners.values()) {
    const [label] = [...o.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0]!;
    byLabel.set(label, { count: o.count, acres: o.acres, spellings: o.spellings.size });
  }
  // Ties in count are ordered by name in the database's collation: compare the counts in order, then each owner.
  const top = [...byLabel].sort((a, b) => b[1].count - a[1].count).slice(0, 200);
  expect(body.owners!.map((o) => o.count)).toEqual(top.map(([, o]) => o.count));
  for (const o of body.owners!) {
    expect([o.name, o.count, o.spellings]).toEqual([
      o.name,
      byLabel.get(o.name)?.count,
      byLabel.get(o.name)?.spellings,
    ]);
    expect(o.acres).toBeCloseTo(byLabel.get(o.name)!.acres, 2);
  }
}
