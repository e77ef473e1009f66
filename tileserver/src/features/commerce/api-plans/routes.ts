// API plans: the plans file's API plans and add-on datasets (GET /api/plans.json), the loaded counties a
// sandbox may cover (GET /api/counties.json), the sandbox sign-up (POST /api/sandbox.json: 30 days, up
// to 7 counties, one per person, no card), the account's API plan with its metered usage and overage
// (GET /api/account.json), the usage cap (PUT /api/usage_cap.json), moving between Standard and
// Premium (PUT /api/plan.json) and cancelling a paid API plan or
// trial at the end of its period (POST /api/cancel.json). /admin/api_trials.json lists sandboxes and
// trials with their usage.
import { Hono } from 'hono';
import { requireSession, type CallerResolver, type SessionCaller } from '../../../auth/caller.ts';
import { newApiToken, secretHash } from '../../../auth/sessions.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { monthOf } from '../../../metering/usage-meter.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { requireAdmin } from '../../people/admin/policy.ts';
import { runPlanChange } from '../billing/plan-change.ts';
import { addMember, createGroup, setApiToken } from '../../people/groups/queries.ts';
import { duplicateAccountName } from '@parcel-map/contracts/people/groups';
import { apiAddOns, apiPlan, apiPlans } from '../plans/api-plans.ts';
import { apiPlanChangeBody, sandboxBody, usageCapBody, type ApiAccountAnswer } from '@parcel-map/contracts/commerce/api-plans';
import { switchApiPlan } from './plan-switch.ts';
import { judge, loadAccount, type ApiGate } from './standing.ts';
import { overageCents } from './usage.ts';

export interface ApiPlanDeps {
  sql: Sql;
  callers: CallerResolver;
  payments: PaymentProvider;
  gate: ApiGate;
  now?: () => Date;
}

export const sandboxUsedMessage = 'Not Available: your API sandbox has been used (it lasts 30 days, with no extension). Choose an API plan to continue.';

export function apiPlanRoutes(deps: ApiPlanDeps): Hono {
  const app = new Hono();
  const { sql } = deps;
  const now = deps.now ?? (() => new Date());

  const managedGroup = (caller: SessionCaller) => {
    if (!caller.group) throw new ApiError('NOT_FOUND', 'Your account has no API plan');
    if (caller.group.role !== 'manager') throw new ApiError('FORBIDDEN', 'Only managers can change the API plan. Please contact your account admin.');
    return caller.group;
  };

  app.get('/api/plans.json', async (c) => {
    const caller = await deps.callers.of(c);
    let sandboxAvailable = true;
    if (caller.user) [sandboxAvailable] = [!(await sql`SELECT 1 FROM api_accounts WHERE sandbox_user_id = ${caller.user.id}`).length];
    const current = caller.group ? ((await sql<{ plan: string }[]>`SELECT plan FROM api_accounts WHERE group_id = ${caller.group.id} AND (ends_at IS NULL OR plan = 'api_sandbox')`)[0]?.plan ?? null) : null;
    return c.json({ api_plans: apiPlans, api_add_ons: apiAddOns, current_api_plan: current, sandbox_available: sandboxAvailable }, 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/api/counties.json', async (c) => {
    const counties = await sql<{ path: string; name: string; headline: string; parcels: number }[]>`
      SELECT path, name, headline, parcels FROM county_coverage WHERE parcels > 0 ORDER BY headline LIMIT 5000`;
    return c.json({ counties, max: apiPlan('api_sandbox').sandbox!.counties });
  });

  app.post('/api/sandbox.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    const body = await requestBody(c, sandboxBody);
    const counties = [...new Set(body.counties)];
    const loaded = await sql<{ path: string }[]>`SELECT path FROM county_coverage WHERE path = ANY(${counties}::text[]) AND parcels > 0`;
    const unknown = counties.filter((path) => !loaded.some((row) => row.path === path));
    if (unknown.length) throw new ApiError('BAD_REQUEST', 'Choose counties among the loaded ones', { unknown });
    const plan = apiPlan('api_sandbox');
    const start = now();
    const endsAt = new Date(start.getTime() + plan.sandbox!.days * 86_400_000);
    const token = newApiToken();
    const made = await sql.begin(async (tx) => {
      const db = tx as unknown as Sql;
      await db`SELECT pg_advisory_xact_lock(hashtext('api_sandbox'), ${caller.user.id}::int)`;
      if ((await db`SELECT 1 FROM api_accounts WHERE sandbox_user_id = ${caller.user.id}`).length) throw new ApiError('CONFLICT', sandboxUsedMessage);
      let group: { id: number; hint: string | null };
      if (caller.group) {
        managedGroup(caller);
        if ((await db`SELECT 1 FROM api_accounts WHERE group_id = ${caller.group.id}`).length) throw new ApiError('CONFLICT', 'This account already has an API plan');
        const [row] = await db<{ api_token_hint: string | null }[]>`SELECT api_token_hint FROM groups WHERE id = ${caller.group.id}`;
        group = { id: caller.group.id, hint: row?.api_token_hint ?? null };
      } else {
        const created = await createGroup(db, body.group_name ?? `${caller.user.name} API`, 'free', 1, body.group_name === undefined);
        if (!created) throw new ApiError('CONFLICT', duplicateAccountName);
        await addMember(db, created.id, caller.user.id, 'manager');
        group = { id: created.id, hint: null };
      }
      await db`
        INSERT INTO api_accounts (group_id, plan, started_at, ends_at, counties, sandbox_user_id)
        VALUES (${group.id}, 'api_sandbox', ${start}, ${endsAt}, ${counties}::text[], ${caller.user.id})`;
      await db`UPDATE groups SET subtier = 'api_sandbox' WHERE id = ${group.id}`;
      // An account that already has a token keeps it; a new one gets its token here, shown once.
      if (group.hint) return { groupId: group.id, token: null };
      await setApiToken(db, group.id, secretHash(token), token.slice(-4));
      return { groupId: group.id, token };
    });
    deps.callers.forgetGroup(made.groupId);
    deps.gate.forget(made.groupId);
    return c.json({ path: '/api', token: made.token, ends_at: endsAt.toISOString(), counties }, 201);
  });

  app.get('/api/account.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    // No API plan is an ordinary answer (the billing page asks every account), not an error.
    if (!caller.group) return c.json({ plan: null }, 200, { 'Cache-Control': 'no-store' });
    const at = now();
    const row = await loadAccount(sql, caller.group.id, at);
    if (!row) return c.json({ plan: null }, 200, { 'Cache-Control': 'no-store' });
    const usage = { tiles: Number(row.tiles), records: Number(row.records) };
    const verdict = judge(row, usage, at);
    const plan = verdict.plan;
    return c.json({
      plan: { plan: plan.plan, name: plan.name, schema: plan.limits.schema, included: plan.included },
      state: verdict.state,
      reason: verdict.reason,
      started_at: row.started_at.toISOString(),
      ends_at: row.ends_at?.toISOString() ?? null,
      trial_ends_at: row.trial_ends_at?.toISOString() ?? null,
      counties: row.counties,
      usage_cap_cents: row.usage_cap_cents,
      token_hint: row.token_hint,
      month: plan.sandbox ? 'sandbox' : monthOf(at),
      usage,
      included: { tiles: plan.limits.tiles, records: plan.limits.results },
      overage_cents: overageCents(plan, usage),
      prices: { record_cents: plan.limits.overage_results, tiles_per_1000_cents: plan.limits.overage_tiles_per_1000 },
    } satisfies ApiAccountAnswer, 200, { 'Cache-Control': 'no-store' });
  });

  app.put('/api/usage_cap.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    const body = await requestBody(c, usageCapBody);
    const group = managedGroup(caller);
    const [row] = await sql<{ plan: string }[]>`
      UPDATE api_accounts SET usage_cap_cents = ${body.usage_cap_cents} WHERE group_id = ${group.id} AND plan <> 'api_sandbox' AND ends_at IS NULL RETURNING plan`;
    if (!row) throw new ApiError('NOT_FOUND', 'Your account has no self-serve API plan (the sandbox has fixed limits)');
    deps.gate.forget(group.id);
    return c.json({ usage_cap_cents: body.usage_cap_cents });
  });

  // Moving between self-serve API plans (the plans page sends the user to billing?plan=): prorated
  // like a site plan change, in the same locked transaction (plan-switch.ts).
  app.put('/api/plan.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    const body = await requestBody(c, apiPlanChangeBody);
    const group = managedGroup(caller);
    const answer = await runPlanChange(deps, group.id, (db, onCharged) => switchApiPlan(db, { payments: deps.payments, now: now() }, caller, group.id, body.plan, onCharged));
    deps.gate.forget(group.id);
    return c.json(answer);
  });

  app.post('/api/cancel.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    const group = managedGroup(caller);
    const [row] = await sql<{ period_end: Date }[]>`
      UPDATE subscriptions SET cancel_at_period_end = true
      WHERE group_id = ${group.id} AND status <> 'canceled' AND plan IN (SELECT plan FROM api_accounts WHERE group_id = ${group.id})
      RETURNING period_end`;
    if (!row) {
      // API access on a Pro or Team plan (api_combo) is removed with the plan change, not cancelled here.
      const [combo] = await sql`SELECT 1 FROM subscriptions WHERE group_id = ${group.id} AND status <> 'canceled' AND api_access IS NOT NULL`;
      if (combo) throw new ApiError('CONFLICT', 'API access is part of your plan: remove it under API access on the billing page.', { billing_url: `/g/${group.slug}/settings/billing` });
      throw new ApiError('NOT_FOUND', 'Your account has no API plan to cancel');
    }
    return c.json({ status: 'ok', ends_at: row.period_end.toISOString() });
  });

  app.get('/admin/api_trials.json', async (c) => {
    requireAdmin(await deps.callers.of(c));
    const at = now();
    const rows = await sql<{ group_id: string; account: string; slug: string; email: string | null; plan: string; started_at: Date; ends_at: Date | null; trial_ends_at: Date | null; counties: string[]; usage_cap_cents: number | null; sub_status: string | null; cancel_at_period_end: boolean | null; tiles: string; records: string; token_hint: string | null }[]>`
      SELECT a.group_id, g.name AS account, g.slug, u.email, a.plan, a.started_at, a.ends_at, a.trial_ends_at, a.counties, a.usage_cap_cents,
             s.status AS sub_status, s.cancel_at_period_end, g.api_token_hint AS token_hint,
             coalesce((SELECT sum(tiles) FROM api_usage x WHERE x.group_id = a.group_id), 0)::text AS tiles,
             coalesce((SELECT sum(records) FROM api_usage x WHERE x.group_id = a.group_id), 0)::text AS records
      FROM api_accounts a
      JOIN groups g ON g.id = a.group_id
      LEFT JOIN users u ON u.id = coalesce(a.sandbox_user_id, a.trial_user_id)
      LEFT JOIN subscriptions s ON s.group_id = a.group_id AND s.plan = a.plan
      WHERE a.plan = 'api_sandbox' OR a.trial_ends_at IS NOT NULL
      ORDER BY a.started_at DESC LIMIT 500`;
    return c.json({
      trials: rows.map((row) => {
        const usage = { tiles: Number(row.tiles), records: Number(row.records) };
        const verdict = judge(row, usage, at);
        return {
          group_id: Number(row.group_id), account: row.account, path: `/g/${row.slug}`, email: row.email, plan: row.plan, name: verdict.plan.name,
          kind: row.plan === 'api_sandbox' ? 'sandbox' : 'trial', state: verdict.state, started_at: row.started_at, ends_at: row.ends_at ?? row.trial_ends_at,
          cancelled: row.cancel_at_period_end === true, counties: row.counties, usage,
        };
      }),
    }, 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}
