// Daily property lookups (map.md sections 4, 6, 8; accounts-billing.md section 4): the counter, the
// limit banner's texts and the way up per level: anonymous to sign-up, free to Pro, Pro to Team (the
// billing page), Team to support.
import { ApiError } from '../../api/client.ts';
import { limitReachedMessage, type LookupLimits, type Need } from '@parcel-map/contracts/people/lookup-limits';

export type { LookupLimits, Need };

export const limitTitle = limitReachedMessage;
export const upgradeTooltip = 'Upgrade to the next level account to raise the daily limit or come back tomorrow.';
export const supportTooltip = 'Contact support to raise the daily limit of your team, or come back tomorrow.';
export const supportHref = 'mailto:support@parcel-map.org';

/** One more record opened: used up by one, remaining down by one, not allowed once used reaches total. */
export function countLookup(limits: LookupLimits): LookupLimits {
  const used = limits.used + 1;
  const total = typeof limits.total === 'number' ? limits.total : Number.POSITIVE_INFINITY;
  const remaining = Number.isFinite(total) ? Math.max(0, total - used) : null;
  return { ...limits, used, remaining, allowed: used < total };
}

const unknownLimits: LookupLimits = {
  allowed: false,
  remaining: 0,
  used: 0,
  total: 0,
  need: null,
  metered: true,
  initialized: true,
};

/** The limits a 429 parcel answer carries (error.details.lookup_limits), or null for any other error. */
export function limitsOfError(error: unknown): LookupLimits | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const limits = (error.details as { lookup_limits?: LookupLimits } | undefined)?.lookup_limits;
  // The same object on every render (the pane keeps it in an effect's dependencies).
  return limits ?? unknownLimits;
}

export interface WayUp {
  label: string;
  href: string;
  tooltip: string;
}

/** Where the banner sends each level; a Pro user goes to their group's billing page. */
export function wayUp(need: Need, groupPath: string | null): WayUp | null {
  switch (need) {
    case 'sign_up':
      return { label: 'Sign Up', href: '#signup-signin', tooltip: upgradeTooltip };
    case 'pro':
      return { label: 'Upgrade to Pro', href: '/plans#p=level1', tooltip: upgradeTooltip };
    case 'team':
      return {
        label: 'Upgrade to Team',
        href: groupPath ? `${groupPath}/settings/billing` : '/plans',
        tooltip: upgradeTooltip,
      };
    case 'support':
      return { label: 'Contact Support', href: supportHref, tooltip: supportTooltip };
    default:
      return null;
  }
}

/** The remaining count is worth showing once a fifth of the day (at least 5 lookups) is left. */
export function showRemaining(limits: LookupLimits | null): boolean {
  if (!limits || !limits.metered || typeof limits.total !== 'number' || limits.remaining === null) return false;
  return limits.remaining <= Math.max(5, Math.floor(limits.total / 5));
}

export function remainingText(limits: LookupLimits): string {
  const n = limits.remaining ?? 0;
  return `${n} of ${limits.total} property lookup${limits.total === 1 ? '' : 's'} left today`;
}
