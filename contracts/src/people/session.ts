// The answer of GET /api/v1/session.json, shared with the viewer (no server imports).
import { z } from 'zod';
import type { Level } from '../levels.ts';

export type { Level };

export const sessionInfo = z.object({
  level: z.enum(['anonymous', 'free', 'pro', 'team', 'admin'] as const satisfies readonly Level[]),
  /** Anon, Starter, Pro, Team (admins: the plan of their group, else Starter). */
  display_level: z.enum(['Anon', 'Starter', 'Pro', 'Team']),
  has_sitecontrol: z.boolean(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string(), is_admin: z.boolean() }).nullable(),
  group: z
    .object({
      name: z.string(),
      path: z.string(),
      tier: z.enum(['free', 'pro', 'team']),
      is_manager: z.boolean(),
      /** The account's plan id (level1, team_flex, level2, api_standard, api_tiles, ...), for the logo. */
      subtier: z.string().nullable().optional(),
      /** API access on a site plan (the spec's api_combo): api_standard or api_premium. */
      api_access: z.string().nullable().optional(),
    })
    .nullable(),
  csrf_token: z.string().nullable(),
  acting_as: z.boolean(),
  /** The built-in local payment provider is in use: every page says payments are tests (M11). */
  test_payments: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
