// Who may see which insights section (spec map.md section 6): General for everyone; Ownership needs the
// US and a place below state level; Land Use & Zoning and Vacancy also need a paid plan. Pure, so the
// route and its tests read the same table. The region rule wins: upgrading would not help there.
import { isPaid, type Level } from '../../auth/tokens.ts';
import type { InsightSection, QuestionKey, SectionAccess } from './schema.ts';
import { defaultQuestion } from './schema.ts';

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
