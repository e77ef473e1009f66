// Tiles and the map sources they are drawn from: the tile cache and query timeout, API usage metering,
// and how many source definitions a caller may create and the server keeps compiled or stored.
import { z } from 'zod';
import { optionalText, positiveInt } from './values.ts';

export const tileVariables = {
  TILE_CACHE_MB: z.coerce
    .number()
    .int()
    .min(0)
    .default(512)
    .describe('Byte budget of the in-memory tile cache (0 turns it off)'),
  TILE_QUERY_TIMEOUT_MS: positiveInt.default(10000).describe('Statement timeout of one tile query'),
  METERING: z
    .enum(['on', 'off'])
    .default('on')
    .describe(
      'Count API tiles and parcel records per token (off only for benchmarks: sandboxes and caps are then not enforced by usage)',
    ),
  METERING_DATABASE_URL: optionalText.describe(
    'Where a tile process reading a read-only replica writes its API usage counts (the primary); unset: DATABASE_URL',
  ),
  METERING_FLUSH_MS: positiveInt
    .default(2000)
    .describe('How often the in-memory usage counts are written to PostgreSQL (and at shutdown)'),
  SOURCE_POSTS_PER_MINUTE: positiveInt
    .default(60)
    .describe('Source definitions one client address or token may POST per minute (429 beyond)'),
  SOURCES_PER_DAY: positiveInt
    .default(1000)
    .describe('New sources one owner (token or client address) may create per 24 hours (429 beyond)'),
  SOURCE_REGISTRY_MAX: positiveInt
    .default(2000)
    .describe('Compiled sources kept in memory (least recently used are dropped and recompiled on demand)'),
  SOURCE_PREPARED_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(200)
    .describe('Sources whose tile statement is prepared on the pool connections; the rest run unprepared'),
  SOURCE_IDLE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .default(90)
    .describe('Stored sources unused for this many days are deleted (0 keeps them forever)'),
};
