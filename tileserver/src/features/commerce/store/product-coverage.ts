// Each store product's coverage report and schema links (spec: Product fields coverage_report and
// schemas): how full the product's fields are in the place for sale, computed from the data by the
// export coverage over every parcel of the place (the first 5,000 only past 100,000 parcels, where a
// whole count would pass the statement timeout), so a buyer sees a county's fill before paying.
import type { Sql } from '../../../db/client.ts';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { coverageSample, exportCoverage, type ExportCoverage } from '../exports/coverage.ts';
import { exportFields } from '../exports/selection.ts';

export interface ProductCoverage {
  /** Parcels of the place the percentages were computed from. */
  sampled: number;
  fields: { name: string; label: string; percent: number }[];
}

/** The product's parcel columns: an add-on's own fields, else its tier's (premium: every catalog field). */
export function productFields(id: string, addonFields: string[] | undefined): string[] {
  if (addonFields) return addonFields.filter((f) => parcelFieldsByName.has(f));
  return exportFields(id === 'standard' ? 'standard' : 'premium');
}

/** Places up to this many parcels are counted whole. */
export const wholeCountParcels = 100_000;

/** The place's coverage over every catalog field: one query serves every product of the page. */
export function placeCoverage(sql: Sql, path: string, parcels: number): Promise<ExportCoverage> {
  const sample = parcels <= wholeCountParcels ? null : coverageSample;
  return exportCoverage(sql, { query: { parcel: true, path, filters: {} } }, 'admin', sample);
}

export function productCoverage(place: ExportCoverage, fields: string[]): ProductCoverage {
  const percent = new Map(place.coverage_fields.map((f) => [f.name, f.percent]));
  return {
    sampled: place.sampled,
    fields: fields.map((name) => ({
      name,
      label: place.schema[name] ?? parcelFieldsByName.get(name)?.label ?? name,
      percent: percent.get(name) ?? 0,
    })),
  };
}

/** The schema links of a product: the field catalogue its columns come from (the US parcel schema). */
export function productSchemas(id: string): { label: string; href: string }[] {
  const tier = id === 'standard' ? 'Standard' : 'Premium';
  return [
    { label: `${tier} parcel schema (field list)`, href: '/parcel_fields.json?schema_key=us' },
    { label: 'Field descriptions', href: '/settings/property-details' },
  ];
}
