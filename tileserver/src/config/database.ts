// Where the data lives (a URL, or the local cluster under DATA_DIR, and the test cluster) and the two
// connection pools with the queues in front of them, which turn overload into 503s instead of waits.
import { z } from 'zod';
import { optionalText, port, positiveInt } from './values.ts';

export const databaseVariables = {
  DATABASE_URL: optionalText.describe('PostgreSQL URL; when unset a local cluster under DATA_DIR is used'),
  MIGRATION_DATABASE_URL: optionalText.describe(
    'Owner URL for migrations, extensions and loading, with DATABASE_URL then the serving role (made and granted when missing); unset, DATABASE_URL does both',
  ),
  DATA_DIR: z.string().min(1).default('.data').describe('Folder for the local cluster, logs and exports'),
  PG_PORT: port.default(5488).describe('Port of the local PostgreSQL cluster (127.0.0.1 only)'),
  TEST_PG_PORT: port.default(5489).describe('Port of the separate cluster that npm test provisions'),
  TEST_DATABASE_URL: optionalText.describe(
    'Server for npm test instead of the test cluster (each run makes its own database there)',
  ),
  DB_POOL_SIZE: positiveInt
    .max(100)
    .default(8)
    .describe('Connections of the tile pool (tile renders run at most this many at once)'),
  APP_POOL_SIZE: positiveInt
    .max(100)
    .default(4)
    .describe('Connections of the separate app API pool (search, records, places), so heavy tiles never starve it'),
  GIS_POOL_SIZE: positiveInt
    .max(100)
    .default(2)
    .describe(
      'Connections of the GIS pool (FeatureServer and OGC API), and the GIS requests that run at once, so GIS queries never take the app pool',
    ),
  GIS_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(16)
    .describe('GIS requests that may wait for a connection; beyond, 503 with Retry-After'),
  GIS_STATEMENT_TIMEOUT_MS: positiveInt
    .default(5000)
    .describe('Statement timeout of the GIS pool: an API query that runs longer is cancelled (503)'),
  TILE_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(256)
    .describe('Tile renders that may wait for a connection; beyond, 503 with Retry-After'),
  APP_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(64)
    .describe('App API requests that may wait for a connection; beyond, 503 with Retry-After'),
  QUEUE_WAIT_MS: positiveInt.default(10000).describe('Longest wait for a connection before a request is answered 503'),
};
