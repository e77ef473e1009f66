// The answer of GET /api/v1/session.json, shared with the viewer (type-only: no server imports).
import type { Level } from '../levels.ts';

export type { Level };

export interface SessionInfo {
  level: Level;
  /** Anon, Starter, Pro, Team (admins: the plan of their group, else Starter). */
  display_level: 'Anon' | 'Starter' | 'Pro' | 'Team';
  has_sitecontrol: boolean;
  user: { id: number; name: string; email: string; is_admin: boolean } | null;
  group: { name: string; path: string; tier: 'free' | 'pro' | 'team'; is_manager: boolean } | null;
  csrf_token: string | null;
  acting_as: boolean;
  /** The built-in local payment provider is in use: every page says payments are tests (M11). */
  test_payments: boolean;
}
