// Export selections are checked against the caller's field tier like sources are: a count, a check, a
// coverage, a free download or a cart item filtered on a field the plan cannot read is refused (403),
// so counts cannot be used to read a locked field's values one binary-search step at a time.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';

const sql = testDb(2);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
// housing_affordability_index is a Team field (schema/parcel-fields.ts).
const teamFilter = { housing_affordability_index: { gte: 50 } };

async function withProject(level: 'pro' | 'team') {
  const { browser } = await signedInUser(app, sql, level);
  const project = await browser.post('/projects.json', { name: 'Tier check', query: { path: cambridge } });
  expect(project.status).toBe(201);
  return { browser, project: project.json as { id: number; path: string } };
}

describe('export selections and field tiers', () => {
  it('M1: a Pro caller filtering an export selection on a Team field is refused on counts, check, coverage, start and the cart', async () => {
    const { browser, project } = await withProject('pro');
    const query = { path: cambridge, parcel: { parcelnumb: ['X'], ...teamFilter } };
    const answers = {
      counts: await browser.post(`${project.path}/blexts.json`, { query }),
      check: await browser.post(`${project.path}/exports/check`, { fmt: 'csv', query }),
      coverage: await browser.post(`${project.path}/exports/coverage.json`, { fmt: 'csv', query }),
      start: await browser.post(`${cambridge}/exports/start.json`, { fmt: 'csv', map_id: project.id, query }),
      cart: await browser.post('/orders/cart/add_export_items.json', {
        items: [{ fmt: 'csv', map_id: project.id, query }],
      }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect({ name, status: res.status, code: res.json?.error?.code }).toEqual({
        name,
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(res.json.error.details.fields).toEqual(['housing_affordability_index']);
      expect(res.json.error.message).toContain('Team');
    }
    // The same selection without the locked field is counted as before.
    const counted = await browser.post(`${project.path}/blexts.json`, { query: { path: cambridge, parcel: {} } });
    expect(counted.status).toBe(200);
    expect(counted.json.currentCount).toBeGreaterThan(1000);
  });

  it('M1: a Team caller may still count a selection filtered on a Team field', async () => {
    const { browser, project } = await withProject('team');
    const counted = await browser.post(`${project.path}/blexts.json`, {
      query: { path: cambridge, parcel: teamFilter },
    });
    expect(counted.status, JSON.stringify(counted.json)).toBe(200);
    expect(typeof counted.json.currentCount).toBe('number');
  });
});
