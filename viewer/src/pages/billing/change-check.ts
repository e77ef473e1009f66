// The answer of a plan-change check (GET /settings/check_change.json), shared by the plan change and
// the API access forms, and the one sentence both show under their choices.
import { formatUsd } from '@parcel-map/contracts/money';

export interface ChangeCheck {
  possible: boolean;
  reason: string | null;
  charge?: number;
  credit?: number;
  /** The new plan's price for a period (with an offer code, the offer's price). */
  price?: number;
  /** When the change and what it takes away apply: the end of the period for Starter; null or absent: at once. */
  effective_at?: string | null;
}

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A change's day as the billing page writes it (May 1, 2026). */
export function changeDay(iso: string): string {
  return day.format(new Date(iso));
}

/** What a plan change takes away (GET /settings/check_change.json `effects`). */
export interface ChangeEffects {
  users: [string, string, number][];
  maps: [number, string][];
  /** Datasets removed: [id, name, 'survey' | 'focus_area' | 'follow']. */
  sources: [number, string, string][];
  deprecatedApi: boolean;
}

/** What the change costs now, or why it cannot be made ('processing' while the check runs). */
export function changeCheckLine(check: ChangeCheck | 'processing' | null): string | null {
  if (check === 'processing') return 'Processing...';
  if (!check) return null;
  if (!check.possible) return check.reason;
  if (check.effective_at)
    return `Nothing to pay. Your plan stays until ${changeDay(check.effective_at)}; Starter from then.`;
  if (check.charge) return `Charged now: ${formatUsd(check.charge)}, for the rest of this period.`;
  return `Nothing to pay now${check.credit ? `; credit for later charges: ${formatUsd(check.credit)}` : ''}.`;
}
