// Whether a place has parcels, from the coverage table (/coverage.json lists every state and county
// with parcels): a place has parcels when it is a covered county, contains one (its state or country),
// or lies inside one (a city or neighborhood of it). Another county of a covered state has none, so
// only the county rows count. Read once per page.
import { getJson } from '../../api/client.ts';

interface CoverageTable {
  headers: string[];
  rows: unknown[][];
}

/** The paths of the covered counties in a coverage answer. */
export function coveredPaths(table: CoverageTable): string[] {
  const column = table.headers.indexOf('path');
  const kind = table.headers.indexOf('kind');
  if (column < 0) throw new Error('coverage answer has no path column');
  return table.rows.filter((row) => kind < 0 || row[kind] !== 'state').map((row) => String(row[column]));
}

export function placeHasParcels(path: string, covered: readonly string[]): boolean {
  return covered.some((c) => c === path || c.startsWith(`${path}/`) || path.startsWith(`${c}/`));
}

let pending: Promise<string[]> | null = null;

/** The covered paths, fetched once; a failure is retried on the next call. */
export function loadCoveredPaths(): Promise<string[]> {
  pending ??= getJson<CoverageTable>('/coverage.json')
    .then(coveredPaths)
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
