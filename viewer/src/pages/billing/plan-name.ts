// The "Current plan" line of the billing page. An account an administrator set to Pro or Team
// (/admin/users, Set plan) has that tier without a subscription: it showed "Starter (free)".

export interface PlanNameInput {
  group: { tier: string };
  plan: { name: string } | null;
  subscription: { plan: string } | null;
}

const tierNames: Record<string, string> = { pro: 'Pro', team: 'Team' };

export function currentPlanName({ group, plan, subscription }: PlanNameInput): string {
  if (plan) return plan.name;
  if (subscription?.plan.startsWith('api_')) return 'API plan (below)';
  const granted = tierNames[group.tier];
  if (granted) return `${granted} (set by an administrator, not billed)`;
  return 'Starter (free)';
}
