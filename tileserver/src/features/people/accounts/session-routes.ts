// GET /api/v1/session.json -> who the caller is: level, user and group (when signed in), the session's
// CSRF token for state-changing requests, whether an admin is acting as this user. The viewer shows
// level-gated controls from it; the server decides every permission itself.
import { Hono } from 'hono';
import type { Config } from '../../../config.ts';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { SessionInfo } from '@parcel-map/contracts/people/session';
import type { Sql } from '../../../db/client.ts';
import { accountPlans } from '../../commerce/billing/service.ts';
import { displayLevel, hasSiteControl } from './policy.ts';

export function sessionRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  app.get('/api/v1/session.json', async (c) => {
    const caller = await deps.callers.of(c);
    const group = caller.group;
    // The plan ids choose the viewer's logo (plan class): only a browser session needs them.
    const plans = group && caller.via === 'session' ? await accountPlans(deps.sql, group.id) : null;
    const info: SessionInfo = {
      level: caller.level,
      display_level: displayLevel(caller),
      has_sitecontrol: hasSiteControl(caller),
      user: caller.user
        ? { id: caller.user.id, name: caller.user.name, email: caller.user.email, is_admin: caller.user.isAdmin }
        : null,
      group: group
        ? {
            name: group.name,
            path: `/g/${group.slug}`,
            tier: group.tier,
            is_manager: group.role === 'manager',
            ...(plans ?? {}),
          }
        : null,
      csrf_token: caller.session?.csrfToken ?? null,
      acting_as: caller.session?.actingAdminId != null,
      test_payments: deps.config.PAYMENT_PROVIDER === 'local',
    };
    // Never cached: the answer depends on the token or cookie, and a shared cache must not hand it on.
    return c.json(info, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
