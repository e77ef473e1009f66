// Pure helpers of the admin pages: labels of the overview counts, plan names, dates, and counting
// profile answers for the industries chart.
import type { BarDatum } from '../../ui/charts/bar-chart.tsx';

/** A labelled count, as the admin charts show them. */
export interface Bar {
  label: string;
  value: number;
}

/** Bars for the chart component, keyed by their label (labels are unique within one chart). */
export function barData(bars: Bar[]): BarDatum[] {
  return bars.map((b) => ({ key: b.label, label: b.label, value: b.value }));
}

const countLabels: Record<string, string> = {
  users: 'Users',
  users_last_7_days: 'New users (7 days)',
  pro_groups: 'Pro accounts',
  team_groups: 'Team accounts',
  active_sessions: 'Active sessions',
  lookups_today: 'Lookups today',
  place_requests: 'Place requests',
  search_feedback: 'Search feedback',
};

/** The label of an overview count; a count the server adds later still reads well. */
export function countLabel(key: string): string {
  return countLabels[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** A user's plan by its display name (spec 3: Starter, Pro, Team); no group is the free plan. */
export function planName(tier: string | null): string {
  if (tier === 'pro') return 'Pro';
  if (tier === 'team') return 'Team';
  return 'Starter';
}

export function formatDate(value: string | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Bars of how often each answer occurs, most frequent first (ties by name); blanks are "Not given",
 * always last so the real answers lead. */
const notGiven = 'Not given';

export function countAnswers(values: (string | null | undefined)[]): Bar[] {
  const counts = new Map<string, number>();
  for (const raw of values) {
    const label = raw?.trim() || notGiven;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const bars = [...counts]
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  return [...bars.filter((b) => b.label !== notGiven), ...bars.filter((b) => b.label === notGiven)];
}
