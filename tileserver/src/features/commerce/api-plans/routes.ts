// API plans: the plans file's API plans and add-on datasets (GET /api/plans.json), the loaded counties a
// sandbox may cover (GET /api/counties.json), the sandbox sign-up (POST /api/sandbox.json: 30 days, up
// to 7 counties, one per person, no card), the account's API plan with its metered usage and overage
// (GET /api/account.json), the usage cap (PUT /api/usage_cap.json), moving between Standard and
// Premium (PUT /api/plan.json) and cancelling a paid API plan or
// trial at the end of its period (POST /api/cancel.json). /admin/api_trials.json lists sandboxes and
// trials with their usage.
import { Hono, type Context } from 'hono';
import { requireSession, type CallerResolver } from '../../../auth/caller.ts';
import { newApiToken } from '../../../auth/sessions.ts';
import { systemClock, type Clock } from '../../../clock.ts';
import { transaction, type Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { monthOf } from '../../../metering/usage-meter.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { requireAdmin } from '../../people/admin/policy.ts';
import { runPlanChange } from '../billing/plan-change.ts';
import { createManagedAccount, issueApiToken } from '../../people/groups/service.ts';
import { apiAddOns, apiPlan, apiPlans, featureService } from '../plans/api-plans.ts';
import {
  apiPlanChangeBody,
  sandboxBody,
  usageCapBody,
  type ApiAccountAnswer,
} from '@parcel-map/contracts/commerce/api-plans';
import { switchApiPlan } from './plan-switch.ts';
import { managedApiAccount } from './policy.ts';
import {
  apiTokenHint,
  apiTrials,
  cancelApiPlan,
  currentApiPlan,
  hadSandbox,
  hasApiAccessOnPlan,
  hasApiAccount,
  loadedCounties,
  loadedCountyPaths,
  lockSandbox,
  setUsageCap,
  startSandbox,
} from './queries.ts';
import { judge, loadAccount, type ApiGate } from './standing.ts';
import { overageCents } from './usage.ts';

export interface ApiPlanDeps {
  sql: Sql;
  callers: CallerResolver;
  payments: PaymentProvider;
  gate: ApiGate;
  clock?: Clock;
}

/** The routes' dependencies with the clock settled. */
type Ctx = ApiPlanDeps & { now: Clock };

export const sandboxUsedMessage =
  'Not Available: your API sandbox has been used (it lasts 30 days, with no extension). Choose an API plan to continue.';

async function planList(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await deps.callers.of(c);
  let sandboxAvailable = true;
  if (caller.user) sandboxAvailable = !(await hadSandbox(sql, caller.user.id));
  const current = caller.group ? await currentApiPlan(sql, caller.group.id) : null;
  return c.json(
    {
      api_plans: apiPlans,
      api_add_ons: apiAddOns,
      current_api_plan: current,
      sandbox_available: sandboxAvailable,
      feature_service: featureService,
    },
    200,
    { 'Cache-Control': 'no-store' },
  );
}

async function countyList(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  return c.json({ counties: await loadedCounties(sql), max: apiPlan('api_sandbox').sandbox!.counties });
}

async function signUpSandbox(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const body = await requestBody(c, sandboxBody);
  const counties = [...new Set(body.counties)];
  const loaded = await loadedCountyPaths(sql, counties);
  const unknown = counties.filter((path) => !loaded.includes(path));
  if (unknown.length) throw new ApiError('BAD_REQUEST', 'Choose counties among the loaded ones', { unknown });
  const plan = apiPlan('api_sandbox');
  const start = deps.now();
  const endsAt = new Date(start.getTime() + plan.sandbox!.days * 86_400_000);
  const token = newApiToken();
  const made = await transaction(sql, async (db) => {
    await lockSandbox(db, caller.user.id);
    if (await hadSandbox(db, caller.user.id)) throw new ApiError('CONFLICT', sandboxUsedMessage);
    let group: { id: number; hint: string | null };
    if (caller.group) {
      managedApiAccount(caller);
      if (await hasApiAccount(db, caller.group.id))
        throw new ApiError('CONFLICT', 'This account already has an API plan');
      group = { id: caller.group.id, hint: await apiTokenHint(db, caller.group.id) };
    } else {
      const created = await createManagedAccount(db, {
        name: body.group_name ?? `${caller.user.name} API`,
        tier: 'free',
        seats: 1,
        managerId: caller.user.id,
        numbered: body.group_name === undefined,
      });
      group = { id: created, hint: null };
    }
    await startSandbox(db, { groupId: group.id, start, endsAt, counties, userId: caller.user.id });
    // An account that already has a token keeps it; a new one gets its token here, shown once.
    if (group.hint) return { groupId: group.id, token: null };
    await issueApiToken(db, group.id, token);
    return { groupId: group.id, token };
  });
  deps.callers.forgetGroup(made.groupId);
  deps.gate.forget(made.groupId);
  return c.json({ path: '/api', token: made.token, ends_at: endsAt.toISOString(), counties }, 201);
}

async function account(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await deps.callers.of(c);
  requireSession(caller);
  // No API plan is an ordinary answer (the billing page asks every account), not an error.
  if (!caller.group) return c.json({ plan: null }, 200, { 'Cache-Control': 'no-store' });
  const at = deps.now();
  const row = await loadAccount(sql, caller.group.id, at);
  if (!row) return c.json({ plan: null }, 200, { 'Cache-Control': 'no-store' });
  const usage = { tiles: Number(row.tiles), records: Number(row.records) };
  const verdict = judge(row, usage, at);
  const plan = verdict.plan;
  return c.json(
    {
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
    } satisfies ApiAccountAnswer,
    200,
    { 'Cache-Control': 'no-store' },
  );
}

async function setCap(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const body = await requestBody(c, usageCapBody);
  const group = managedApiAccount(caller);
  if (!(await setUsageCap(sql, group.id, body.usage_cap_cents)))
    throw new ApiError('NOT_FOUND', 'Your account has no self-serve API plan (the sandbox has fixed limits)');
  deps.gate.forget(group.id);
  return c.json({ usage_cap_cents: body.usage_cap_cents });
}

// Moving between self-serve API plans (the plans page sends the user to billing?plan=): prorated
// like a site plan change, in the same locked transaction (plan-switch.ts).
async function switchPlan(c: Context, deps: Ctx): Promise<Response> {
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const body = await requestBody(c, apiPlanChangeBody);
  const group = managedApiAccount(caller);
  const answer = await runPlanChange(deps, group.id, (db, pay) =>
    switchApiPlan(db, { now: deps.now() }, caller, group.id, body.plan, pay),
  );
  deps.gate.forget(group.id);
  return c.json(answer);
}

async function cancel(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const group = managedApiAccount(caller);
  const endsAt = await cancelApiPlan(sql, group.id);
  if (!endsAt) {
    // API access on a Pro or Team plan (api_combo) is removed with the plan change, not cancelled here.
    if (await hasApiAccessOnPlan(sql, group.id))
      throw new ApiError(
        'CONFLICT',
        'API access is part of your plan: remove it under API access on the billing page.',
        { billing_url: `/g/${group.slug}/settings/billing` },
      );
    throw new ApiError('NOT_FOUND', 'Your account has no API plan to cancel');
  }
  return c.json({ status: 'ok', ends_at: endsAt.toISOString() });
}

async function trialList(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  requireAdmin(await deps.callers.of(c));
  const at = deps.now();
  const rows = await apiTrials(sql);
  return c.json(
    {
      trials: rows.map((row) => {
        const usage = { tiles: Number(row.tiles), records: Number(row.records) };
        const verdict = judge(row, usage, at);
        return {
          group_id: Number(row.group_id),
          account: row.account,
          path: `/g/${row.slug}`,
          email: row.email,
          plan: row.plan,
          name: verdict.plan.name,
          kind: row.plan === 'api_sandbox' ? 'sandbox' : 'trial',
          state: verdict.state,
          started_at: row.started_at,
          ends_at: row.ends_at ?? row.trial_ends_at,
          cancelled: row.cancel_at_period_end === true,
          counties: row.counties,
          usage,
        };
      }),
    },
    200,
    { 'Cache-Control': 'no-store' },
  );
}

export function apiPlanRoutes(deps: ApiPlanDeps): Hono {
  const app = new Hono();
  const ctx: Ctx = { ...deps, now: deps.clock ?? systemClock };
  app.get('/api/plans.json', (c) => planList(c, ctx));
  app.get('/api/counties.json', (c) => countyList(c, ctx));
  app.post('/api/sandbox.json', (c) => signUpSandbox(c, ctx));
  app.get('/api/account.json', (c) => account(c, ctx));
  app.put('/api/usage_cap.json', (c) => setCap(c, ctx));
  app.put('/api/plan.json', (c) => switchPlan(c, ctx));
  app.post('/api/cancel.json', (c) => cancel(c, ctx));
  app.get('/admin/api_trials.json', (c) => trialList(c, ctx));
  return app;
}
