// The API pages' calls: the API plans and add-ons, the loaded counties, the sandbox sign-up, the
// account's API plan with its usage, the usage cap, cancelling, and a new API token.
import type { ApiAccountAnswer, ApiAddOn, ApiPlan } from '@parcel-map/contracts/commerce/api-plans';
import { getJson, sendJson } from '../../api/client.ts';

export type { ApiAccountAnswer, ApiAddOn, ApiPlan };

export interface ApiPlansAnswer {
  api_plans: ApiPlan[];
  api_add_ons: ApiAddOn[];
  current_api_plan: string | null;
  sandbox_available: boolean;
}

export interface County {
  path: string;
  name: string;
  headline: string;
  parcels: number;
}

export const loadApiPlans = () => getJson<ApiPlansAnswer>('/api/plans.json');
export const loadCounties = () => getJson<{ counties: County[]; max: number }>('/api/counties.json');
/** The account's API plan and usage; null without an API plan. */
export const loadApiAccount = () =>
  getJson<ApiAccountAnswer | { plan: null }>('/api/account.json').then((a) =>
    a.plan === null ? null : (a as ApiAccountAnswer),
  );
export const startSandbox = (counties: string[]) =>
  sendJson<{ path: string; token: string | null; ends_at: string }>('POST', '/api/sandbox.json', { counties });
export const setUsageCap = (cents: number | null) =>
  sendJson<{ usage_cap_cents: number | null }>('PUT', '/api/usage_cap.json', { usage_cap_cents: cents });
export const cancelApiPlan = () => sendJson<{ ends_at: string }>('POST', '/api/cancel.json', {});
export const newApiToken = () => sendJson<{ token: string; hint: string }>('POST', '/users/api_token.json', {});

export const apiDay = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
export const count = (n: number) => n.toLocaleString('en-US');
