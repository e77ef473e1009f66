// Place insights shapes shared with the viewer (spec map.md section 3: the insights payload and the AI
// answer), the section gating words and the Ask A.I. questions. No server-only imports here.
import { z } from 'zod';

export const landUseCategories = [
  'unknown',
  'residential',
  'trade',
  'industrial',
  'infrastructure',
  'travel',
  'assembly',
  'leisure',
  'natural',
  'vacant',
] as const;
export type LandUseCategory = (typeof landUseCategories)[number];
const landUseCategory = z.enum(landUseCategories);

export const vacancyStatuses = [
  'vacantResidential',
  'occupiedResidential',
  'vacantNonResidential',
  'occupiedNonResidential',
  'unknownStatus',
] as const;
export type VacancyStatus = (typeof vacancyStatuses)[number];
const vacancyStatus = z.enum(vacancyStatuses);

export const insightSections = ['general', 'landUse', 'vacancy', 'ownership'] as const;
export type InsightSection = (typeof insightSections)[number];

/** open: shown; pro: needs a paid plan; region: not offered for this place (outside the US or too broad). */
export const sectionAccess = z.enum(['open', 'pro', 'region']);
export type SectionAccess = z.infer<typeof sectionAccess>;

export const placeHighlights = z.object({
  parcels: z.number(),
  total_acres: z.number(),
  median_acres: z.number().nullable(),
  median_value: z.number().nullable(),
  total_value: z.number().nullable(),
  median_year_built: z.number().nullable(),
  /** Share (0..1) of parcels whose mailing address differs from the site address, among those with both. */
  mail_differs_share: z.number().nullable(),
  /** Share (0..1) of parcels with a structure, among those where it is known. */
  structure_share: z.number().nullable(),
});
export type PlaceHighlights = z.infer<typeof placeHighlights>;

export const insightsPayload = z.object({
  placeInfo: z.object({
    path: z.string(),
    name: z.string(),
    headline: z.string(),
    kind: z.string(),
    country: z.string(),
    synthetic: z.boolean(),
  }),
  /** The parcels layer version the figures were computed from. */
  dataVersion: z.number(),
  access: z.object({
    general: sectionAccess,
    landUse: sectionAccess,
    vacancy: sectionAccess,
    ownership: sectionAccess,
  }),
  numeric: placeHighlights,
  /** Land Use & Zoning (site control, US, narrow place). */
  lbcs: z
    .object({
      activity_counts: z.array(z.object({ activity_type: landUseCategory, count: z.number() })),
      zoning: z.array(z.object({ code: z.string(), description: z.string().nullable(), count: z.number() })),
    })
    .optional(),
  /** Vacancy (site control, US, narrow place); all unknownStatus when the data carries no USPS fields. */
  premium: z
    .object({ charts: z.object({ usps: z.array(z.object({ status: vacancyStatus, count: z.number() })) }) })
    .optional(),
  /**
   * Ownership (US, below state level): owners to parcel count and acres, most parcels first. Spellings
   * of one owner are grouped (owner_key); `name` is the group's most common published spelling.
   */
  owners: z
    .array(z.object({ name: z.string(), count: z.number(), acres: z.number(), spellings: z.number().int().min(1) }))
    .optional(),
  nativeLand: z.object({ items: z.array(z.object({ id: z.string(), link: z.string(), headline: z.string() })) }),
  wikipedia: z.object({ extract: z.string(), link: z.string() }).nullable(),
  /** Which external providers this server has; the viewer says so plainly when one is missing. */
  providers: z.object({ wikipedia: z.boolean(), nativeLand: z.boolean(), ai: z.boolean() }),
});
export type InsightsPayload = z.infer<typeof insightsPayload>;

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

export const askQuery = z.object({
  question_key: z.enum(Object.keys(placeQuestions) as [QuestionKey, ...QuestionKey[]]).default(defaultQuestion),
});

export const aiAnswer = z.object({
  answer: z.string(),
  questionKey: z.enum(Object.keys(placeQuestions) as [QuestionKey, ...QuestionKey[]]),
  placeQuestions: z.object(
    Object.fromEntries(Object.keys(placeQuestions).map((k) => [k, z.string()])) as Record<QuestionKey, z.ZodString>,
  ),
});
export type AiAnswer = z.infer<typeof aiAnswer>;

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
