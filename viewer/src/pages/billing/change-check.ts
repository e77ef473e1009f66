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
  if (check.charge) return `Charged now: ${formatUsd(check.charge)}, for the rest of this period.`;
  return `Nothing to pay now${check.credit ? `; credit for later charges: ${formatUsd(check.credit)}` : ''}.`;
}
