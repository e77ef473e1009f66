// What other features may ask of places (they call these, never places/queries.ts): whether a place
// path names a loaded place (projects check a map's root path with it).
import type { Sql } from '../../../db/client.ts';
import { placeExists } from './queries.ts';

export async function isKnownPlace(sql: Sql, path: string): Promise<boolean> {
  return placeExists(sql, path);
}
