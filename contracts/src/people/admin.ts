// Answers of the admin pages' GET routes: the overview counts, the user search, the lists of profile
// answers, place requests and search feedback, offer codes, API trials and the metrics summary.
import { z } from 'zod';

/** GET /admin/overview.json: counts of users, paid accounts, sessions, lookups today, requests and feedback. */
export const adminOverview = z.object({
  users: z.number(),
  users_last_7_days: z.number(),
  pro_groups: z.number(),
  team_groups: z.number(),
  active_sessions: z.number(),
  lookups_today: z.number(),
  place_requests: z.number(),
  search_feedback: z.number(),
});

export const adminUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
  group_name: z.string().nullable(),
  group_path: z.string().nullable(),
  tier: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersAnswer = z.object({ users: z.array(adminUser) });

export const profileAnswersAnswer = z.object({
  profiles: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      job_title: z.string().nullable(),
      industry: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

export const placeRequestsAnswer = z.object({
  requests: z.array(
    z.object({ path: z.string(), name: z.string(), contact: z.string(), comment: z.string(), created_at: z.string() }),
  ),
});

export const searchFeedbackAnswer = z.object({
  feedback: z.array(z.object({ query: z.string(), additional_information: z.string(), created_at: z.string() })),
});

/** GET /admin/codes.json: offer codes (a price for a plan and cycle, optionally for one account). */
export const offerCodesAnswer = z.object({
  offers: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      plan: z.string(),
      cycle: z.string(),
      price_cents: z.number(),
      expires_at: z.string().nullable(),
      created_at: z.string(),
      account: z.string().nullable(),
    }),
  ),
});

/** GET /admin/api_trials.json: API sandboxes and trials with their usage. */
export const apiTrialsAnswer = z.object({
  trials: z.array(
    z.object({
      group_id: z.number(),
      account: z.string(),
      path: z.string(),
      email: z.string().nullable(),
      plan: z.string(),
      name: z.string(),
      kind: z.enum(['sandbox', 'trial']),
      state: z.enum(['active', 'trial', 'expired', 'capped']),
      started_at: z.string(),
      ends_at: z.string().nullable(),
      cancelled: z.boolean(),
      counties: z.array(z.string()),
      usage: z.object({ tiles: z.number(), records: z.number() }),
    }),
  ),
});

/** GET /admin/metrics.json: uptime, memory, requests per route family, the tile cache, pools and jobs. */
export const metricsSummary = z.object({
  uptime_s: z.number(),
  memory: z.object({ rss_bytes: z.number(), heap_used_bytes: z.number() }),
  families: z.array(
    z.object({
      family: z.string(),
      requests: z.number(),
      client_errors: z.number(),
      server_errors: z.number(),
      p50_ms: z.number().nullable(),
      p95_ms: z.number().nullable(),
    }),
  ),
  tile_cache: z.object({ hits: z.number(), misses: z.number(), bytes: z.number(), entries: z.number() }),
  pools: z.record(z.string(), z.record(z.string(), z.number())),
  jobs: z.record(z.string(), z.number()),
});
