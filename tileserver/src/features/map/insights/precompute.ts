// Precomputes the insights figures of big places after a load (the synthetic county generator calls
// it; so can any loader): the first visitor then reads stored figures instead of waiting for seconds
// of SQL. Stored per parcels version, so a later reload makes them unused until computed again.
import { loadConfig } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { createLogger } from '../../../logger.ts';
import { InsightProviders } from './providers.ts';
import { placeForInsights, type InsightPlace } from './queries.ts';
import { InsightsService } from './service.ts';

export async function precomputeInsights(
  sql: Sql,
  paths: string[],
  log: (line: string) => void = () => {},
): Promise<void> {
  const places: InsightPlace[] = [];
  for (const path of paths) {
    const place = await placeForInsights(sql, path);
    if (place) places.push(place);
  }
  // No provider is called while precomputing: only the SQL figures are stored.
  await new InsightsService(sql, new InsightProviders(loadConfig({}), createLogger('silent'))).precompute(places, log);
}

/** A place and its sub-places (what a county load makes worth precomputing). */
export async function placeWithChildren(sql: Sql, path: string): Promise<string[]> {
  const rows = await sql<
    { path: string }[]
  >`SELECT path FROM places WHERE path = ${path} OR parent_path = ${path} ORDER BY path`;
  return rows.map((r) => r.path);
}
