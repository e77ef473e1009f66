// GET /api/v1/session.json?token=T -> {level}: who the caller is, so the viewer can show level-gated
// controls (the admin zoom display). Until accounts exist the level comes from the token alone.
import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import { resolveCaller, type Level } from '../../auth/tokens.ts';

export interface SessionInfo {
  level: Level;
}

export function sessionRoutes(deps: { config: Config }): Hono {
  const app = new Hono();
  app.get('/api/v1/session.json', (c) => {
    const caller = resolveCaller(deps.config, c.req.query('token'));
    // Never cached: the answer depends on the token, and a shared cache must not hand it to others.
    return c.json<SessionInfo>({ level: caller.level }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
