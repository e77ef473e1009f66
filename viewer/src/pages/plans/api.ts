// The plans page's calls: the plans file, the local provider's tokeniser, and the purchase itself.
import type { SubscriptionAnswer } from '@parcel-map/contracts/commerce/billing';
import { getJson, sendJson } from '../../api/client.ts';

export interface PlanEntry {
  plan: string;
  name: string;
  display_name: string;
  tier: 'free' | 'pro' | 'team';
  subtitle: string;
  prices: { monthly: number; annual: number | null };
  per_seat_pricing: boolean;
  purchasable: boolean;
  /** Sold by contract (Enterprise, Unlimited): the card says "Contact us" and links here. */
  contact_link?: string;
  users?: { min: number; max: number };
  included: string[];
  annual_savings: number;
}

export interface PlansAnswer {
  plans: PlanEntry[];
  payment_provider: 'local' | 'stripe';
  publishable_key: string | null;
}

export const loadPlans = () => getJson<PlansAnswer>('/plans.json');

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** MM/YY or MM/YYYY into month and four-digit year; null when it is not a date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The card goes to the provider's tokeniser only; the app's purchase call carries the token. */
export async function tokenise(card: CardFields): Promise<string> {
  const expiry = parseExpiry(card.expiry) ?? { month: 0, year: 0 };
  const answer = await sendJson<{ id: string }>('POST', '/payments/local/payment_methods', {
    number: card.number,
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: card.cvc,
    name: card.name,
  });
  return answer.id;
}

export function subscribe(body: Record<string, unknown>): Promise<SubscriptionAnswer> {
  return sendJson<SubscriptionAnswer>('POST', '/subscriptions.json', body);
}
