// Which logo the map shows and which links the logo menu offers, as pure functions of the session
// (spec accounts-billing.md section 2: the plan class chooses the logo; the account block's links carry
// the group path as prefix).
import type { SessionInfo } from '../../state/session.ts';

/**
 * The spec's plan classes. Chosen from the account's plan ids (the session's group: subtier, the plan;
 * api_access, API access on a site plan): visitors free; no paid plan starter; level1 pro; team_flex and
 * level3 team; level2 enterprise; level4 unlimited; a site plan with API access api-combo (the spec's
 * api_combo); the self-serve API bundle plans (api_standard, api_premium) bundle; the other API plans
 * (sandbox, enterprise API) api; the tiles-only API plan tile. The rest (tileserver, featureservice,
 * typeahead, combo) are not sold here: an account whose plan id is one of them (set by an admin) shows it.
 */
export type PlanClass =
  | 'free'
  | 'starter'
  | 'tile'
  | 'tileserver'
  | 'pro'
  | 'team'
  | 'bundle'
  | 'enterprise'
  | 'unlimited'
  | 'api'
  | 'combo'
  | 'api-combo'
  | 'featureservice'
  | 'typeahead';

const byPlanId: Record<string, PlanClass> = {
  level0: 'starter',
  level1: 'pro',
  level2: 'enterprise',
  level3: 'team',
  team_flex: 'team',
  level4: 'unlimited',
  api_standard: 'bundle',
  api_premium: 'bundle',
  api_sandbox: 'api',
  api_enterprise: 'api',
  api_access: 'api',
  api_tiles: 'tile',
  api_combo: 'api-combo',
  tileserver: 'tileserver',
  featureservice: 'featureservice',
  typeahead: 'typeahead',
  combo: 'combo',
};

export function planClass(session: SessionInfo): PlanClass {
  if (!session.user) return 'free';
  const group = session.group;
  if (!group) return 'starter';
  const site = group.tier === 'pro' || group.tier === 'team';
  if (site && group.api_access) return 'api-combo';
  const named = group.subtier ? byPlanId[group.subtier] : undefined;
  // A lapsed account keeps its plan id (for the way back) but no longer has the plan: its tier decides.
  if (named && (site || !['pro', 'team', 'enterprise', 'unlimited'].includes(named))) return named;
  if (group.tier === 'team') return 'team';
  if (group.tier === 'pro') return 'pro';
  return 'starter';
}

/** The name the logo shows beside the mark for a plan class (the display level for the site plans). */
export function planLabel(plan: PlanClass, session: SessionInfo): string {
  const labels: Partial<Record<PlanClass, string>> = {
    enterprise: 'Enterprise',
    unlimited: 'Unlimited',
    api: 'API',
    bundle: 'API',
    tile: 'API Tiles',
    tileserver: 'Tile Server',
    'api-combo': `${session.display_level} + API`,
    combo: `${session.display_level} + API`,
    featureservice: 'Feature Service',
    typeahead: 'Typeahead',
  };
  return labels[plan] ?? session.display_level;
}

/** Paid users (Pro, Team; admins see everything) are not offered the upgrade. */
export function isPaidSession(session: SessionInfo): boolean {
  return session.has_sitecontrol;
}

export interface MenuLink {
  label: string;
  href: string;
  testId: string;
}

export function accountLinks(session: SessionInfo): MenuLink[] {
  const group = session.group;
  if (!group) return [];
  const links: MenuLink[] = [
    { label: 'Dashboard', href: `${group.path}/dashboard`, testId: 'logo-dashboard' },
    { label: 'Settings', href: `${group.path}/settings`, testId: 'logo-settings' },
    { label: 'Billing', href: `${group.path}/settings/billing`, testId: 'logo-billing' },
  ];
  if (group.is_manager) links.push({ label: 'Members', href: '/users', testId: 'logo-members' });
  return links;
}

export const upgradeHref = '/plans#p=level1';

/** The product's other offerings (spec: the logo menu links to them); the same for every caller. */
export const offeringLinks: readonly MenuLink[] = [
  { label: 'Parcel API', href: '/api', testId: 'logo-api' },
  { label: 'Data Store', href: '/store', testId: 'logo-store' },
  { label: 'Feature Service', href: '/store/esri', testId: 'logo-feature-service' },
];
