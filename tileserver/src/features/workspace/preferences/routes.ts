// GET /preferences.json?key= and POST /preferences.json: a signed-in user's preferences, kept in
// PostgreSQL. Anonymous visitors keep theirs in the browser: their GET answers null, their POST 401.
// Without a key, GET answers every saved key at once as `data` (the viewer loads them in one request).
import { Hono } from 'hono';
import { requireSession, type CallerResolver } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { requestBody } from '../../../http/request-body.ts';
import { preferenceKey, preferenceKeys, savePreferencesBody, type PreferenceKey } from '@parcel-map/contracts/workspace/preferences';

export function preferenceRoutes(deps: { sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();

  app.get('/preferences.json', async (c) => {
    const caller = await deps.callers.of(c);
    if (c.req.query('key') === undefined) {
      const rows = caller.user ? await deps.sql<{ key: string; value: unknown }[]>`SELECT key, value FROM preferences WHERE user_id = ${caller.user.id}` : [];
      const data = Object.fromEntries(rows.filter((r) => preferenceKeys.includes(r.key as PreferenceKey)).map((r) => [r.key, r.value]));
      return c.json({ status: 'ok', data }, 200, { 'Cache-Control': 'no-store' });
    }
    const key = preferenceKey.parse(c.req.query('key'));
    let value: unknown = null;
    if (caller.user) {
      const [row] = await deps.sql<{ value: unknown }[]>`SELECT value FROM preferences WHERE user_id = ${caller.user.id} AND key = ${key}`;
      value = row?.value ?? null;
    }
    return c.json({ status: 'ok', key, value }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/preferences.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    const { data } = await requestBody(c, savePreferencesBody, { maxBytes: 32 * 1024 });
    const entries = Object.entries(data).filter(([, value]) => value !== undefined);
    await deps.sql.begin(async (tx) => {
      for (const [key, value] of entries) {
        await tx`
          INSERT INTO preferences (user_id, key, value) VALUES (${caller.user.id}, ${key}, ${tx.json(value as never)})
          ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`;
      }
    });
    return c.json({ status: 'ok' });
  });

  return app;
}
