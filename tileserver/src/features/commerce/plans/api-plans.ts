// The API plans of the plans file (billing/plans.json: api_plans, api_add_ons and the feature service
// that API plans open), validated once at
// start (server only: the viewer gets them from GET /api/plans.json; the usage arithmetic is usage.ts).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  apiPlanSchema,
  apiAddOnSchema,
  featureServiceSchema,
  type ApiPlan,
} from '@parcel-map/contracts/commerce/api-plans';

const file = z
  .object({
    api_plans: z.array(apiPlanSchema).min(1),
    api_add_ons: z.array(apiAddOnSchema),
    feature_service: featureServiceSchema,
  })
  .parse(JSON.parse(readFileSync(new URL('./plans.json', import.meta.url), 'utf8')));

export const apiPlans: ApiPlan[] = file.api_plans;
export const apiAddOns = file.api_add_ons;
export const featureService = file.feature_service;
export const apiPlanById = new Map(apiPlans.map((p) => [p.plan, p]));

export type ApiPlanId = 'api_sandbox' | 'api_standard' | 'api_premium';
export const selfServeIds: readonly string[] = ['api_standard', 'api_premium'];
export const isSelfServeApiPlan = (plan: string): boolean => selfServeIds.includes(plan);

export function apiPlan(id: string): ApiPlan {
  const plan = apiPlanById.get(id);
  if (!plan) throw new Error(`No API plan ${id} in plans.json`);
  return plan;
}
