// Security review 2, N5: the Standardized Zoning fields (zoning_type, zoning_subtype, zoning_id,
// zoning_code_link) follow plans.json on every API surface: the sandbox and Standard say "No", Premium
// "Add-on" (which nothing grants an account yet, so Premium reads without them), Enterprise "Yes". The
// fields are neither read nor filterable on /api/v2, the FeatureServer parcels layer and the OGC parcels
// collection; the admin token, which reads everything, shows they are there to be read.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';

const admin = 'standardized-zoning-admin-token-0123456789abcdef';
const sql = testDb(3);
const app = createApp({
  config: loadConfig({ ADMIN_TOKEN: admin, METERING_FLUSH_MS: '600000' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(() => sql.end());

const addOn = ['zoning_type', 'zoning_subtype', 'zoning_id', 'zoning_code_link'];

async function sandboxToken() {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('n5'), 'secret-pass-1', 'Zed Five');
  const made = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] });
  expect(made.status).toBe(201);
  return made.json.token as string;
}

async function boughtToken(plan: 'api_standard' | 'api_premium') {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('n5-paid'), 'secret-pass-1', 'Pay Five');
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Pay Five' };
  const method = (await browser.post('/payments/local/payment_methods', card)).json.id;
  const bought = await browser.post('/subscriptions.json', {
    plan,
    payment_method_id: method,
    agreement: true,
    api_acknowledgement: true,
    group_name: `N5 ${process.pid} ${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(bought.status).toBe(201);
  return (await browser.post('/users/api_token.json', {})).json.token as string;
}

const [sample] = await sql<{ parcelnumb: string; zoning_type: string; id: string }[]>`
  SELECT parcelnumb, zoning_type, id FROM parcels
  WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND parcelnumb IS NOT NULL AND zoning_type IS NOT NULL
  ORDER BY id LIMIT 1`;

async function request(path: string, token: string) {
  const res = await app.request(`${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`);
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) };
}

/** What each surface answers the token: the parcel's fields there, and whether a filter on zoning_type is taken. */
async function surfaces(token: string) {
  const v2 = await request(`/api/v2/parcels/apn?parcelnumb=${encodeURIComponent(sample!.parcelnumb)}`, token);
  const v2Filter = await request(
    `/api/v2/parcels/query?fields[zoning_type]=${encodeURIComponent(sample!.zoning_type)}&path=/us/ma/middlesex/cambridge&limit=1`,
    token,
  );
  const arcgis = '/arcgis/rest/services/parcels/FeatureServer/0';
  const layer = await request(`${arcgis}?f=json`, token);
  const page = await request(`${arcgis}/query?where=OBJECTID%3D${sample!.id}&outFields=*&f=json`, token);
  const arcgisFilter = await request(
    `${arcgis}/query?where=${encodeURIComponent(`zoning_type = '${sample!.zoning_type}'`)}&returnCountOnly=true&f=json`,
    token,
  );
  const ogc = await request(`/ogc/collections/parcels/items?limit=1&parcelnumb=${sample!.parcelnumb}`, token);
  const ogcFilter = await request(
    `/ogc/collections/parcels/items?limit=1&zoning_type=${encodeURIComponent(sample!.zoning_type)}`,
    token,
  );
  for (const answer of [v2, layer, page, ogc]) expect(answer.status).toBe(200);
  return {
    fields: {
      v2: Object.keys(v2.json.features[0].properties),
      featureLayer: layer.json.fields.map((f: { name: string }) => f.name) as string[],
      featurePage: Object.keys(page.json.features[0].attributes),
      ogc: Object.keys(ogc.json.features[0].properties),
    },
    filters: { v2: v2Filter.status, arcgis: arcgisFilter.status, ogc: ogcFilter.status },
  };
}

describe('N5: the Standardized Zoning fields follow plans.json', () => {
  it.each([
    ['the sandbox', sandboxToken],
    ['Standard', () => boughtToken('api_standard')],
    ['Premium without the add-on', () => boughtToken('api_premium')],
  ])(
    'N5: %s reads no Standardized Zoning field and filters on none, on /api/v2, FeatureServer and OGC',
    async (_name, tokenOf) => {
      const { fields, filters } = await surfaces(await tokenOf());
      for (const [surface, names] of Object.entries(fields)) {
        expect(names.length, surface).toBeGreaterThan(10);
        expect(names, surface).toContain('zoning');
        for (const name of addOn) expect(names, `${surface} ${name}`).not.toContain(name);
      }
      expect(filters).toEqual({ v2: 400, arcgis: 400, ogc: 400 });
    },
    60_000,
  );

  it('N5: the admin token reads and filters on them on all three surfaces', async () => {
    const { fields, filters } = await surfaces(admin);
    for (const [surface, names] of Object.entries(fields))
      expect(names, surface).toEqual(expect.arrayContaining(['zoning_type', 'zoning_subtype']));
    expect(filters).toEqual({ v2: 200, arcgis: 200, ogc: 200 });
  });
});
