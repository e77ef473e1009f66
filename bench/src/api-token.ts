// A metered API token for the throughput suite (`--api-token`): a bench account in the bench database
// with a fixed token, so the warm figure includes the per-token usage counter (metering/). Run with
// METERING=off in the environment for the same figure without it.
import { createHash } from 'node:crypto';
import type { Sql } from '@parcel-map/tileserver/db/client';

export const benchApiToken = 'pm_bench-metered-api-token-0123456789';

export async function ensureBenchApiToken(sql: Sql): Promise<string> {
  const hash = createHash('sha256').update(benchApiToken).digest();
  await sql`
    INSERT INTO groups (name, slug, tier, api_token_hash, api_token_hint)
    VALUES ('Bench API account', 'bench-api-account', 'free', ${hash}, ${benchApiToken.slice(-4)})
    ON CONFLICT (slug) DO UPDATE SET api_token_hash = EXCLUDED.api_token_hash`;
  return benchApiToken;
}
