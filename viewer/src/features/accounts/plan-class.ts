// Which logo the map shows and which links the logo menu offers, as pure functions of the session
// (spec accounts-billing.md section 2: the plan class chooses the logo; the account block's links carry
// the group path as prefix).
import type { SessionInfo } from '../../state/session.ts';

/** The spec's plan classes; this server sells free (Starter), Pro and Team, the rest are for later plans. */
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

export function planClass(session: SessionInfo): PlanClass {
  if (!session.user) return 'free';
  if (session.group?.tier === 'team') return 'team';
  if (session.group?.tier === 'pro') return 'pro';
  return 'starter';
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
