// Focus-area editing needs permissions.update (map.md section 6), on the server: a guest who opens a
// shared project reads its focus areas but every change answers 403; without the link, 404.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';

const sql = testDb(3);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [-71.12, 42.37],
      [-71.11, 42.37],
      [-71.11, 42.38],
      [-71.12, 42.38],
      [-71.12, 42.37],
    ],
  ],
};

describe('focus-area permissions', () => {
  it('lets a read-only guest of a shared project see its focus areas but answers 403 to adding or removing one', async () => {
    const { browser: owner } = await signedInUser(app, sql, 'pro');
    const project = (
      await owner.post('/projects.json', { name: 'Shared study', query: { path: '/us/ma/middlesex/cambridge' } })
    ).json;
    const kept = (await owner.post('/neighborhoods.json', { name: 'Kept', shape: square, map_slug: project.slug })).json
      .id as number;
    const spare = (await owner.post('/neighborhoods.json', { name: 'Spare', shape: square })).json.id as number;
    const { share } = (await owner.post(`${project.path}/share.json`)).json;

    const { browser: guest } = await signedInUser(app, sql, 'team');
    const seen = await guest.get(`${project.path}.json?share=${share}`);
    expect(seen.json.permissions.update).toBe(false);
    expect(seen.json.regions[0].focus_areas.map((f: { id: number }) => f.id)).toEqual([kept]);

    const removed = await guest.post(`${project.path}/settings/remove_focus.json?share=${share}`, { id: kept });
    expect(removed.status).toBe(403);
    expect(removed.json.error.code).toBe('FORBIDDEN');
    expect((await guest.post(`${project.path}/settings/add_focus.json?share=${share}`, { id: spare })).status).toBe(
      403,
    );
    const anonymous = new TestBrowser(app);
    expect((await anonymous.get(`${project.path}.json?share=${share}`)).json.permissions.update).toBe(false);
    expect(
      (await anonymous.post(`${project.path}/settings/remove_focus.json?share=${share}`, { id: kept })).status,
    ).toBe(403);
    // Without the link the project does not exist for them.
    expect((await guest.post(`${project.path}/settings/remove_focus.json`, { id: kept })).status).toBe(404);
    // Saving a focus area into the project names it by slug within the caller's own group: not found.
    expect(
      (await guest.post('/neighborhoods.json', { name: 'Intruder', shape: square, map_slug: project.slug })).status,
    ).toBe(404);
    // ...and the refused save leaves no focus area behind in the guest's own group.
    expect((await guest.get('/neighborhoods.json')).json.focus_areas).toEqual([]);

    const after = (await owner.get(`${project.path}.json`)).json;
    expect(after.regions[0].focus_areas.map((f: { id: number }) => f.id)).toEqual([kept]);
  });
});
