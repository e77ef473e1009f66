// GET /api/v1/session.json?token=T -> {level}: who the caller is, so the viewer can show level-gated
// controls (the admin zoom display). Until accounts exist the level comes from the token alone.
import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import { type Level } from '../../auth/tokens.ts';
import type { CallerResolver } from '../../auth/caller.ts';

export interface SessionInfo {
  level: Level;
}

export function sessionRoutes(deps: { config: Config; callers: CallerResolver }): Hono {
  const app = new Hono();
  app.get('/api/v1/session.json', (c) => {
    const caller = deps.callers.of(c);
    // Never cached: the answer depends on the token, and a shared cache must not hand it to others.
    return c.json<SessionInfo>({ level: caller.level }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
