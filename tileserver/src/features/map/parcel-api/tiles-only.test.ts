// The tiles-only API plan (api_tiles): its token draws parcel tiles (metered like any API plan's) and
// is refused the parcel record API with the one error shape, pointing at the plans page.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';
import { tilesOnlyPlan } from './policy.ts';

const sql = testDb(2);
const app = createApp({
  config: loadConfig({ METERING_FLUSH_MS: '600000' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(() => sql.end());

/** An API account moved to api_tiles the way an admin sets up a contract: the plan row and the plan id. */
async function tilesToken() {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('tiles'), 'secret-pass-1', 'Tia Tiles');
  const method = (
    await browser.post('/payments/local/payment_methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Tia Tiles',
    })
  ).json.id;
  const bought = await browser.post('/subscriptions.json', {
    plan: 'api_standard',
    payment_method_id: method,
    agreement: true,
    api_acknowledgement: true,
    group_name: `Tiles ${process.pid} ${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(bought.status).toBe(201);
  const token = (await browser.post('/users/api_token.json', {})).json.token as string;
  const groupId = Number(
    (await sql`SELECT id FROM groups WHERE api_token_hint = ${token.slice(-4)} ORDER BY id DESC LIMIT 1`)[0]!.id,
  );
  await sql`UPDATE api_accounts SET plan = 'api_tiles', trial_ends_at = NULL WHERE group_id = ${groupId}`;
  await sql`UPDATE subscriptions SET plan = 'api_tiles' WHERE group_id = ${groupId}`;
  await sql`UPDATE groups SET subtier = 'api_tiles' WHERE id = ${groupId}`;
  return { token, browser };
}

describe('the tiles-only API plan', () => {
  it('draws parcel tiles with its token but is refused parcel records', async () => {
    const { token, browser } = await tilesToken();
    const t = lonLatToTile(-71.1097, 42.3736, 16);
    const tile = await new TestBrowser(app).get(`/api/v1/parcels/${t.z}/${t.x}/${t.y}.mvt?token=${token}`);
    expect(tile.status).toBe(200);
    const records = await new TestBrowser(app).get(`/api/v2/parcels/point?lat=42.3736&lon=-71.1097&token=${token}`);
    expect(records.status).toBe(403);
    expect(records.json.error).toMatchObject({ code: 'FORBIDDEN', message: tilesOnlyPlan });
    // The session names the plan, so the viewer's logo reads API Tiles rather than Starter.
    expect((await browser.session()).group).toMatchObject({ subtier: 'api_tiles', api_access: null });
  });
});
