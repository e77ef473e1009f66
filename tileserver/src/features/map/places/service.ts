// What other features may ask of places (they call these, never places/queries.ts): whether a place
// path names a loaded place (projects check a map's root path with it), and the place path behind the
// spec's /us/neighborhoods/{slug or id} alias (sources store the place's own path).
import type { Sql } from '../../../db/client.ts';
import { placeExists, resolvePlacePath } from './queries.ts';

const neighborhoodAlias = '/us/neighborhoods/';

/** Whether a path is the /us/neighborhoods/{slug or id} alias rather than a place's own path. */
export const isNeighborhoodAlias = (path: string): boolean => path.startsWith(neighborhoodAlias);

export async function isKnownPlace(sql: Sql, path: string): Promise<boolean> {
  return placeExists(sql, path);
}

/** A place's own path for a /us/neighborhoods/ alias (null when it names no neighbourhood); any other
 * path as given, without a query. */
export async function canonicalPlacePath(sql: Sql, path: string): Promise<string | null> {
  return isNeighborhoodAlias(path) ? resolvePlacePath(sql, path) : path;
}
