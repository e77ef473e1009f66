// The shape of GET /users/lookup_limits.json and of a 429's details, shared with the viewer.
export type Need = 'sign_up' | 'pro' | 'team' | 'support' | null;

export interface LookupLimits {
  allowed: boolean;
  remaining: number | null;
  used: number;
  /** null when unlimited (the spec's "infinite if not a number"). */
  total: number | null;
  need: Need;
  metered: boolean;
  initialized: boolean;
}

export const limitReachedMessage = 'Property Lookup Daily Limit Reached';
