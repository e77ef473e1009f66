// The admin API behind /admin pages: overview counts, users (search, set plan, act as a user and
// switch back, both recorded in audit_log), profile answers, place requests, search feedback.
// Until billing exists, setting a plan here is how a group becomes Pro or Team.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { CallerResolver } from '../../../auth/caller.ts';
import { createSession, resumeSession, revokeSession, writeSessionCookie } from '../../../auth/sessions.ts';
import type { Config } from '../../../config.ts';
import { transaction, type Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { accountUser, primaryAccountOf } from '../accounts/service.ts';
import { accountById, createManagedAccount, setAccountPlan } from '../groups/service.ts';
import { accountName } from '@parcel-map/contracts/people/groups';
import { requireAdmin } from './policy.ts';
import {
  adminSessionToResume,
  audit,
  overviewCounts,
  placeRequests,
  profileAnswers,
  searchFeedback,
  searchUsers,
} from './queries.ts';

const planBody = z.object({
  tier: z.enum(['free', 'pro', 'team']),
  seats: z.number().int().min(1).max(25).optional(),
  group_name: accountName.optional(),
});

const pageOf = (c: Context) => Math.min(1000, Math.max(0, Number.parseInt(c.req.query('page') ?? '0', 10) || 0));

export function adminRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  const { sql } = deps;
  const admin = async (c: Context) => {
    const caller = await deps.callers.of(c);
    requireAdmin(caller);
    return caller;
  };
  const userParam = async (c: Context) => {
    const id = Number(c.req.param('id'));
    const user = Number.isSafeInteger(id) ? await accountUser(sql, id) : undefined;
    if (!user) throw new ApiError('NOT_FOUND', 'No such user');
    return user;
  };

  app.get('/admin/overview.json', async (c) => {
    await admin(c);
    return c.json(await overviewCounts(sql));
  });

  app.get('/admin/users.json', async (c) => {
    await admin(c);
    return c.json({ users: await searchUsers(sql, (c.req.query('q') ?? '').slice(0, 200).trim(), pageOf(c)) });
  });

  app.put('/admin/users/:id{[0-9]+}/plan.json', async (c) => {
    const caller = await admin(c);
    const user = await userParam(c);
    const body = await requestBody(c, planBody);
    const seats = body.tier === 'team' ? Math.max(2, body.seats ?? 2) : 1;
    let groupId = await primaryAccountOf(sql, user.id);
    await transaction(sql, async (db) => {
      if (groupId === undefined) {
        if (body.tier === 'free') return;
        groupId = await createManagedAccount(db, {
          name: body.group_name ?? `${user.name}'s account`,
          tier: body.tier,
          seats,
          managerId: user.id,
          numbered: body.group_name === undefined,
        });
      } else {
        await setAccountPlan(db, groupId, { tier: body.tier, seats, name: body.group_name });
      }
      await audit(db, {
        actorId: caller.user?.id ?? null,
        action: 'set_plan',
        targetUserId: user.id,
        targetGroupId: groupId,
        details: { tier: body.tier, seats },
      });
    });
    if (groupId !== undefined) deps.callers.forgetGroup(groupId);
    const group = groupId === undefined ? undefined : await accountById(sql, groupId);
    return c.json({
      user_id: user.id,
      group: group ? { name: group.name, path: `/g/${group.slug}`, tier: group.tier, seats: group.seats } : null,
    });
  });

  app.post('/admin/sign_in_as/:id{[0-9]+}', async (c) => {
    const caller = await admin(c);
    if (!caller.user || !caller.session)
      throw new ApiError('BAD_REQUEST', 'Sign in as an admin user to act as someone else');
    if (caller.session.actingAdminId !== null) throw new ApiError('FORBIDDEN', 'Switch back to your own account first');
    const target = await userParam(c);
    // An acting session has the admin level everywhere but the admin pages: acting as another admin
    // would hand out that admin's identity without their credentials.
    if (target.is_admin) throw new ApiError('FORBIDDEN', 'Administrators cannot act as other administrators');
    await audit(sql, { actorId: caller.user.id, action: 'sign_in_as', targetUserId: target.id });
    // The admin's own session stays (not revoked): switching back returns to it, so it must still be
    // live then, and revoking the admin's sessions (password change or reset) ends both.
    const session = await createSession(sql, target.id, { adminId: caller.user.id, from: caller.session.idHash });
    writeSessionCookie(c, deps.config, session.id);
    return c.json({ status: 'ok', csrf_token: session.csrfToken, redirect_url: '/' });
  });

  // "Switch Back to Admin": the acting session is the target user's, carrying the admin's id. It ends
  // either way; the admin gets back the session they started from, never a new one, and only while
  // they are still an admin and that session is live (not revoked by a reset, not expired).
  app.post('/admin/sign_in_as/last', async (c) => {
    const caller = await deps.callers.of(c);
    const adminId = caller.session?.actingAdminId;
    if (!caller.session || adminId == null) throw new ApiError('NOT_FOUND', 'You are not acting as another user');
    await revokeSession(sql, caller.session.idHash);
    const back = await adminSessionToResume(sql, adminId, caller.session.idHash);
    if (!back) throw new ApiError('UNAUTHORIZED', 'Your admin session has ended; sign in again');
    await audit(sql, { actorId: adminId, action: 'switch_back', targetUserId: caller.user?.id });
    const session = await resumeSession(sql, back);
    if (!session) throw new ApiError('UNAUTHORIZED', 'Your admin session has ended; sign in again');
    writeSessionCookie(c, deps.config, session.id);
    return c.json({ status: 'ok', csrf_token: session.csrfToken, redirect_url: '/admin/users' });
  });

  app.get('/admin/user_profiles.json', async (c) => {
    await admin(c);
    return c.json({ profiles: await profileAnswers(sql, pageOf(c)) });
  });

  app.get('/admin/requests.json', async (c) => {
    await admin(c);
    return c.json({ requests: await placeRequests(sql, pageOf(c)) });
  });

  app.get('/admin/search_feedback.json', async (c) => {
    await admin(c);
    return c.json({ feedback: await searchFeedback(sql, pageOf(c)) });
  });

  return app;
}
