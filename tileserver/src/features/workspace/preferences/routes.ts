// GET /preferences.json?key= and POST /preferences.json: a signed-in user's preferences, kept in
// PostgreSQL. Anonymous visitors keep theirs in the browser: their GET answers null, their POST 401.
// Without a key, GET answers every saved key at once as `data` (the viewer loads them in one request).
import { Hono } from 'hono';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { requestBody } from '../../../http/request-body.ts';
import { assertMaySavePreferences, preferencesOwner } from './policy.ts';
import { allPreferences, preferenceValue, savePreferences } from './queries.ts';
import {
  preferenceKey,
  preferenceKeys,
  savePreferencesBody,
  type PreferenceKey,
} from '@parcel-map/contracts/workspace/preferences';

export function preferenceRoutes(deps: { sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();

  app.get('/preferences.json', async (c) => {
    const owner = preferencesOwner(await deps.callers.of(c));
    if (c.req.query('key') === undefined) {
      const rows = owner !== undefined ? await allPreferences(deps.sql, owner) : [];
      const data = Object.fromEntries(
        rows.filter((r) => preferenceKeys.includes(r.key as PreferenceKey)).map((r) => [r.key, r.value]),
      );
      return c.json({ status: 'ok', data }, 200, { 'Cache-Control': 'no-store' });
    }
    const key = preferenceKey.parse(c.req.query('key'));
    const value = owner !== undefined ? await preferenceValue(deps.sql, owner, key) : null;
    return c.json({ status: 'ok', key, value }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/preferences.json', async (c) => {
    const caller = await deps.callers.of(c);
    assertMaySavePreferences(caller);
    const { data } = await requestBody(c, savePreferencesBody, { maxBytes: 32 * 1024 });
    const entries = Object.entries(data).filter(([, value]) => value !== undefined);
    await savePreferences(deps.sql, caller.user.id, entries);
    return c.json({ status: 'ok' });
  });

  return app;
}
