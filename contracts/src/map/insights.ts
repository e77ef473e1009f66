// Place insights shapes shared with the viewer (spec map.md section 3: the insights payload and the AI
// answer), the section gating words and the Ask A.I. questions. No server-only imports here.
import { z } from 'zod';

export const landUseCategories = ['unknown', 'residential', 'trade', 'industrial', 'infrastructure', 'travel', 'assembly', 'leisure', 'natural', 'vacant'] as const;
export type LandUseCategory = (typeof landUseCategories)[number];

export const vacancyStatuses = ['vacantResidential', 'occupiedResidential', 'vacantNonResidential', 'occupiedNonResidential', 'unknownStatus'] as const;
export type VacancyStatus = (typeof vacancyStatuses)[number];

export const insightSections = ['general', 'landUse', 'vacancy', 'ownership'] as const;
export type InsightSection = (typeof insightSections)[number];

/** open: shown; pro: needs a paid plan; region: not offered for this place (outside the US or too broad). */
export type SectionAccess = 'open' | 'pro' | 'region';

export interface PlaceHighlights {
  parcels: number;
  total_acres: number;
  median_acres: number | null;
  median_value: number | null;
  total_value: number | null;
  median_year_built: number | null;
  /** Share (0..1) of parcels whose mailing address differs from the site address, among those with both. */
  mail_differs_share: number | null;
  /** Share (0..1) of parcels with a structure, among those where it is known. */
  structure_share: number | null;
}

export interface InsightsPayload {
  placeInfo: { path: string; name: string; headline: string; kind: string; country: string; synthetic: boolean };
  /** The parcels layer version the figures were computed from. */
  dataVersion: number;
  access: Record<InsightSection, SectionAccess>;
  numeric: PlaceHighlights;
  /** Land Use & Zoning (site control, US, narrow place). */
  lbcs?: {
    activity_counts: { activity_type: LandUseCategory; count: number }[];
    zoning: { code: string; description: string | null; count: number }[];
  };
  /** Vacancy (site control, US, narrow place); all unknownStatus when the data carries no USPS fields. */
  premium?: { charts: { usps: { status: VacancyStatus; count: number }[] } };
  /** Ownership (US, below state level): owner name to parcel count and acres, most parcels first. */
  owners?: { name: string; count: number; acres: number }[];
  nativeLand: { items: { id: string; link: string; headline: string }[] };
  wikipedia: { extract: string; link: string } | null;
  /** Which external providers this server has; the viewer says so plainly when one is missing. */
  providers: { wikipedia: boolean; nativeLand: boolean; ai: boolean };
}

/** The Ask A.I. questions; the first is the free default, the others need a paid plan. */
export const placeQuestions = {
  overview: 'Give me an overview of the land and property in {place}.',
  land_use: 'What is the land in {place} mostly used for, and what stands out?',
  ownership: 'Who are the largest landowners in {place} and what does that suggest?',
  vacancy: 'How much vacancy is there in {place} and what might it mean for buyers?',
  development: 'Where might the development opportunities be in {place}?',
} as const;
export type QuestionKey = keyof typeof placeQuestions;
export const defaultQuestion: QuestionKey = 'overview';

export const askQuery = z.object({ question_key: z.enum(Object.keys(placeQuestions) as [QuestionKey, ...QuestionKey[]]).default(defaultQuestion) });

export interface AiAnswer {
  answer: string;
  questionKey: QuestionKey;
  placeQuestions: Record<QuestionKey, string>;
}

export const sectionLabels: Record<InsightSection, string> = {
  general: 'General Info',
  landUse: 'Land Use & Zoning',
  vacancy: 'Vacancy',
  ownership: 'Ownership',
};

/** The spec's hover text of a gated tab (section 6). */
export function gatedMessage(section: InsightSection, access: SectionAccess): string | null {
  if (access === 'pro') return `${sectionLabels[section]} insights are available to Pro customers`;
  if (access === 'region') return `${sectionLabels[section]} insights are not available for this region`;
  return null;
}
