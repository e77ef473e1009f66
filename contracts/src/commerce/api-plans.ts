// Shapes of the API plans (the plans file's api_plans and api_add_ons) and of the API-plan routes'
// requests and answers. Shared with the viewer: no server-only imports.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

const cents = z.number().int().min(0);
export const apiPlanSchema = z.object({
  plan: z.string().regex(/^api_[a-z]+$/),
  name: z.string(),
  display_name: z.string(),
  subtitle: z.string(),
  prices: z.object({ monthly: cents.nullable(), annual: cents.nullable(), text: z.string() }),
  self_serve: z.boolean(),
  card_required: z.boolean(),
  sandbox: z.object({ days: z.number().int().positive(), counties: z.number().int().positive() }).nullable(),
  trial_days: z.number().int().positive().nullable(),
  limits: z.object({
    results: z.number().int().nullable(),
    tiles: z.number().int().nullable(),
    /** Cents per parcel record past the included ones. */
    overage_results: cents.nullable(),
    /** Cents per 1,000 tiles past the included ones ($0.001 per tile is 100). */
    overage_tiles_per_1000: cents.nullable(),
    subscription: z.string(),
    schema: z.enum(['standard', 'premium']),
    unit_price: z.string().optional(),
  }),
  properties: z.record(z.string(), z.string().nullable()),
  included: z.array(z.string()),
  /** Vector tiles only (api_tiles): the gate refuses the parcel record API (/api/v2) to its accounts. */
  tiles_only: z.boolean().optional(),
});
export type ApiPlan = z.infer<typeof apiPlanSchema>;

export const apiAddOnSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  standard: z.string(),
  premium: z.string(),
  enterprise: z.string(),
});
export type ApiAddOn = z.infer<typeof apiAddOnSchema>;

/**
 * The feature service (the plan class `featureservice`): parcels as an ArcGIS FeatureServer and an OGC
 * API layer for desktop GIS. It has no price of its own: an API plan's token opens it, and its records
 * count against that plan like the parcel API's.
 */
export const featureServiceSchema = z.object({
  plan_class: z.literal('featureservice'),
  name: z.string(),
  subtitle: z.string(),
  api_plans: z.array(z.string().regex(/^api_[a-z]+$/)).min(1),
  limits: z.object({ max_records_per_request: z.number().int().positive() }),
  included: z.array(z.string()),
});
export type FeatureService = z.infer<typeof featureServiceSchema>;

export const countyPath = boundedString(150).regex(
  /^\/[a-z]{2}\/[a-z0-9-]{1,60}\/[a-z0-9-]{1,80}$/,
  'Choose counties from the list',
);

export const sandboxBody = z.object({
  counties: z.array(countyPath).min(1, 'Choose at least one county').max(7, 'Choose at most 7 counties'),
  group_name: boundedString(100).trim().min(3).optional(),
});

export const usageCapBody = z.object({
  /** Most overage a month may cost, in cents; null removes the cap. */
  usage_cap_cents: z.number().int().min(0).max(100_000_000).nullable(),
});

export const apiPlanChangeBody = z.object({
  plan: z.enum(['api_standard', 'api_premium'], 'Choose Standard or Premium'),
});

export const apiState = z.enum(['active', 'trial', 'expired', 'capped']);
export type ApiState = z.infer<typeof apiState>;

export const apiAccountAnswer = z.object({
  plan: z.object({
    plan: z.string(),
    name: z.string(),
    schema: z.enum(['standard', 'premium']),
    included: z.array(z.string()),
  }),
  state: apiState,
  /** Why the API refuses requests (expired or capped), else null. */
  reason: z.string().nullable(),
  started_at: z.string(),
  ends_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  counties: z.array(z.string()),
  usage_cap_cents: z.number().nullable(),
  token_hint: z.string().nullable(),
  month: z.string(),
  usage: z.object({ tiles: z.number(), records: z.number() }),
  included: z.object({ tiles: z.number().nullable(), records: z.number().nullable() }),
  overage_cents: z.number(),
  prices: z.object({ record_cents: z.number().nullable(), tiles_per_1000_cents: z.number().nullable() }),
});
export type ApiAccountAnswer = z.infer<typeof apiAccountAnswer>;

/** GET /api/account.json: the account's API plan and usage, or no plan. */
export const apiAccountOrNone = z.union([apiAccountAnswer, z.object({ plan: z.null() })]);

/** GET /api/plans.json: the API plans and add-ons, the account's current API plan and whether a sandbox is still offered. */
export const apiPlansAnswer = z.object({
  api_plans: z.array(apiPlanSchema),
  api_add_ons: z.array(apiAddOnSchema),
  /** The account's API plan id (api_sandbox, api_standard, ...), or null. */
  current_api_plan: z.string().nullable(),
  sandbox_available: z.boolean(),
  feature_service: featureServiceSchema,
});

/** GET /api/counties.json: the loaded counties a sandbox may choose, and how many it may. */
export const apiCountiesAnswer = z.object({
  counties: z.array(z.object({ path: z.string(), name: z.string(), headline: z.string(), parcels: z.number() })),
  max: z.number(),
});

export type ApiPlansAnswer = z.infer<typeof apiPlansAnswer>;
export type ApiCountiesAnswer = z.infer<typeof apiCountiesAnswer>;
