// Who may see which insights section (spec map.md section 6): General for everyone; Ownership needs the
// US and a place below state level; Land Use & Zoning and Vacancy also need a paid plan. Pure, so the
// route and its tests read the same table. The region rule wins: upgrading would not help there.
import type { Caller } from '../../../auth/caller.ts';
import { isPaid, type Level } from '@parcel-map/contracts/levels';
import type { Config } from '../../../config.ts';
import { dailyBudgetSpent, deploymentCapReached, type Budget } from '../../people/lookup-limits/provider-budgets.ts';
import type { InsightSection, QuestionKey, SectionAccess } from '@parcel-map/contracts/map/insights';
import { defaultQuestion } from '@parcel-map/contracts/map/insights';

export interface PlaceScope {
  country: string;
  /** country, state, county, city, neighborhood, or focus (a drawn focus area). */
  kind: string;
}

const broadKinds = new Set(['country', 'state']);

function narrowUs(place: PlaceScope): boolean {
  return place.country === 'us' && !broadKinds.has(place.kind);
}

export function sectionAccess(level: Level, place: PlaceScope): Record<InsightSection, SectionAccess> {
  const region: SectionAccess = narrowUs(place) ? 'open' : 'region';
  const paidOnly: SectionAccess = region === 'region' ? 'region' : isPaid(level) ? 'open' : 'pro';
  return { general: 'open', ownership: region, landUse: paidOnly, vacancy: paidOnly };
}

/** The default question is free; the others need site control. */
export function mayAsk(level: Level, question: QuestionKey): boolean {
  return question === defaultQuestion || isPaid(level);
}

/**
 * The daily budgets one Ask A.I. provider call spends: the account's (a user, or the group of a group
 * token) or, for an anonymous caller, the client address's; then the deployment's cap, which every
 * call counts towards. Cached answers spend nothing.
 */
export function aiBudgets(config: Config, caller: Caller, address: string): Budget[] {
  const own: Budget =
    caller.user || caller.group
      ? {
          subject: caller.user ? `ai:user:${caller.user.id}` : `ai:group:${caller.group!.id}`,
          limit: config.AI_PER_DAY_USER,
          refusal: dailyBudgetSpent(aiTexts.userSpent(config.AI_PER_DAY_USER)),
        }
      : {
          subject: `ai:address:${address}`,
          limit: config.AI_PER_DAY_ANON,
          refusal: dailyBudgetSpent(aiTexts.anonSpent(config.AI_PER_DAY_ANON)),
        };
  const deployment: Budget = {
    subject: 'ai:deployment',
    limit: config.AI_DAILY_MAX,
    refusal: deploymentCapReached('Ask A.I.'),
  };
  // The admin has no daily budget of their own, but their calls count towards the deployment's.
  return caller.level === 'admin' ? [deployment] : [own, deployment];
}

export const aiTexts = {
  anonSpent: (n: number) =>
    `You have asked A.I. ${n} new questions today, the most without an account. Sign in to ask more, or try again tomorrow.`,
  userSpent: (n: number) =>
    `You have asked A.I. ${n} new questions today, the daily most. Try again tomorrow (answers already given stay free).`,
};
