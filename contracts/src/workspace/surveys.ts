// Survey shapes and rules shared by the server and the viewer (no server-only imports): questions,
// answers and their next steps, the save body of POST /surveys.json and PUT /surveys/{id}.json,
// and the walk a surveyor takes through a survey (the same function checks posts on the server).
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

/** Spec 9: an answer's text is at most 500 characters. */
export const MAX_ANSWER_LENGTH = 500;
export const MAX_QUESTIONS = 100;
export const MAX_ANSWERS = 50;
/** The answers marker of a free-text question (the spec's "text-area marker"). */
export const TEXTAREA = 'textarea' as const;
export const END = 'end' as const;

/** Post statuses, the values of @status in style rules. */
export const POST_STATUS = { couldNotSurvey: 1, surveyed: 2 } as const;

export const surveyTexts = {
  saved: 'Survey saved.',
  photoQuotaFull: (mb: number) =>
    `Your account's survey photos have reached their ${mb.toLocaleString('en-US')} MB of storage; this photo was not saved.`,
  noPermission: 'You do not have permission to edit this survey.',
  creating: 'You are creating a new survey.',
  chooserLabel: 'Choose a survey to edit',
  createNew: 'Create a new survey',
  answerPlaceholder: 'Enter an answer',
  saveProjectFirst: 'Please save a Project first to create a survey.',
  promo:
    'Surveys let your team collect facts about parcels in the field and see them on the map. Sign in with a Pro account to build one.',
  upgrade: 'Surveys are part of Pro. Upgrade to Pro to build surveys and send your team into the field.',
  memberReason: "Surveys are created by your group's managers. Ask a manager to create one.",
  hint: 'Write the questions your surveyors answer for each parcel. Answers can jump to a later question or end the survey.',
  sharedEmpty: 'This shared project has no surveys yet.',
  guestPosts: "Only members of the project's group can post answers to its surveys.",
  guestResults: "The posts of a survey are for members of the project's group.",
} as const;

/**
 * A project's share token (?share=, as the project routes take it): a guest holding the project's
 * current share link reads its surveys. Base64url, as the server makes them (auth/sessions.ts).
 */
export const shareToken = boundedString(200).regex(/^[A-Za-z0-9_-]{10,200}$/, 'share must be a share link token');

const questionId = boundedString(24).regex(/^[a-z0-9_-]{1,24}$/i, 'question ids are 1-24 letters, digits, - or _');
const next = z.union([z.literal(END), questionId]).optional();

export const answerSchema = z
  .object({
    label: boundedString(MAX_ANSWER_LENGTH, `An answer may be at most ${MAX_ANSWER_LENGTH} characters`),
    value: z.union([boundedString(100), z.number()]).optional(),
    next,
  })
  .strict();

export const questionSchema = z
  .object({
    id: questionId,
    question: boundedString(MAX_ANSWER_LENGTH),
    column: boundedString(40).default(''),
    answers: z.union([z.literal(TEXTAREA), z.array(answerSchema).max(MAX_ANSWERS)]),
    required: z.boolean().optional(),
    next,
  })
  .strict();

export type SurveyAnswer = z.infer<typeof answerSchema>;
export type SurveyQuestion = z.infer<typeof questionSchema>;

/** photo_required travels as '1' or '0' (spec 5); booleans are accepted too. */
const flag = z.union([z.enum(['1', '0']), z.boolean()]).transform((v) => v === true || v === '1');

export const surveySaveBody = z
  .object({
    map_id: z.coerce.number().int().positive(),
    source_id: z.union([z.coerce.number().int().positive(), z.literal(''), z.null()]).optional(),
    name: boundedString(100).trim().optional(),
    // The spec sends questions as JSON text; an array is taken as it is.
    questions: z
      .union([boundedString(512 * 1024), z.array(z.unknown())])
      .transform((v, ctx) => {
        if (Array.isArray(v)) return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'questions is not valid JSON' });
          return z.NEVER;
        }
      })
      .pipe(z.array(questionSchema).max(MAX_QUESTIONS)),
    photo_required: flag.default(true),
  })
  .strict();

export type SurveySaveBody = z.output<typeof surveySaveBody>;

/**
 * The stored form of questions (spec 4 and 5): questions with empty text and answers with empty
 * labels are dropped, a default next step is removed, and a next step naming a question that is not
 * later in the survey falls back to the default.
 */
export function normaliseQuestions(questions: readonly SurveyQuestion[]): SurveyQuestion[] {
  const kept = questions.filter((q) => q.question.trim() !== '');
  const later = (index: number) => new Set(kept.slice(index + 1).map((q) => q.id));
  return kept.map((q, index) => {
    const after = later(index);
    const step = (n: string | undefined) => (n === END || (n !== undefined && after.has(n)) ? n : undefined);
    const out: SurveyQuestion = {
      id: q.id,
      question: q.question.trim(),
      column: q.column.trim() || columnName(q.question, index),
      answers: TEXTAREA,
    };
    if (q.answers === TEXTAREA) {
      if (q.required) out.required = true;
    } else {
      out.answers = q.answers
        .filter((a) => a.label.trim() !== '')
        .map((a, i) => {
          const answer: SurveyAnswer = { label: a.label.trim(), value: a.value ?? i + 1 };
          const n = step(a.next);
          if (n !== undefined) answer.next = n;
          return answer;
        });
    }
    const n = step(q.next);
    if (n !== undefined) out.next = n;
    return out;
  });
}

/** A short column name from a question: lower-case words joined by underscores. */
export function columnName(question: string, index: number): string {
  const words = question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 3);
  return words.length ? words.join('_').slice(0, 40) : `q${index + 1}`;
}

export type Answers = Record<string, string>;

/**
 * The questions a surveyor meets for the given answers, in order: from the first question, each
 * answer's next step (else the question's, else the following question) until the end.
 */
export function surveyPath(questions: readonly SurveyQuestion[], answers: Answers): SurveyQuestion[] {
  const path: SurveyQuestion[] = [];
  let index = 0;
  while (index < questions.length && path.length <= questions.length) {
    const q = questions[index]!;
    path.push(q);
    const given = answers[q.id];
    const chosen = q.answers === TEXTAREA ? undefined : q.answers.find((a) => a.label === given);
    const step = chosen?.next ?? q.next;
    if (step === END) break;
    if (step !== undefined) {
      const target = questions.findIndex((x) => x.id === step);
      index = target > index ? target : index + 1;
    } else index += 1;
  }
  return path;
}

/** Problems with a set of answers: a required one missing, or a choice that is not offered. */
export function answerProblems(questions: readonly SurveyQuestion[], answers: Answers): string[] {
  const problems: string[] = [];
  for (const q of surveyPath(questions, answers)) {
    const given = (answers[q.id] ?? '').trim();
    if (q.answers === TEXTAREA) {
      if (q.required && given === '') problems.push(`"${q.question}" is required`);
      if (given.length > MAX_ANSWER_LENGTH) problems.push(`"${q.question}": at most ${MAX_ANSWER_LENGTH} characters`);
    } else if (!q.answers.some((a) => a.label === given)) {
      problems.push(
        given === '' ? `Choose an answer for "${q.question}"` : `"${given}" is not an answer of "${q.question}"`,
      );
    }
  }
  return problems;
}

/** The answers on the walked path only (answers left behind by a changed choice are dropped). */
export function answersOnPath(questions: readonly SurveyQuestion[], answers: Answers): Answers {
  const out: Answers = {};
  for (const q of surveyPath(questions, answers)) if (answers[q.id] !== undefined) out[q.id] = answers[q.id]!.trim();
  return out;
}

export const postFields = z
  .object({
    client_id: z.uuid('client_id must be a uuid'),
    parcel_path: boundedString(300).regex(
      /^\/[a-z]{2}\/[^\s?#]+$/,
      'parcel_path is a parcel path like /us/ma/middlesex/cambridge/123',
    ),
    answers: boundedString(256 * 1024)
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'answers is not valid JSON' });
          return z.NEVER;
        }
      })
      .pipe(z.record(boundedString(24), boundedString(MAX_ANSWER_LENGTH * 2))),
    status: z.enum(['1', '2']).default('2').transform(Number),
  })
  .strict();

export const surveySource = z.object({
  id: z.number(),
  type: z.literal('Survey'),
  name: z.string(),
  map_id: z.number(),
  permissions: z.object({ update: z.boolean() }),
  questions: z.array(questionSchema),
  photo_required: z.boolean(),
  question_count: z.number(),
  count: z.number(),
  created_at: z.string(),
});
export type SurveySource = z.infer<typeof surveySource>;

export const surveyUpsell = z.object({
  blocked: z.boolean(),
  reason: z.enum(['member', 'limit', 'level']).nullable(),
  message: z.string().nullable(),
  upgrade_plan: z.string().nullable(),
});
export type SurveyUpsell = z.infer<typeof surveyUpsell>;

export const surveyPreset = z.object({
  id: z.string(),
  name: z.string(),
  photo_required: z.boolean(),
  questions: z.array(questionSchema),
});
export type SurveyPreset = z.infer<typeof surveyPreset>;

/** GET /sources.json: a project's surveys and whether the caller may make another. */
export const surveysAnswer = z.object({ sources: z.array(surveySource), upsell: surveyUpsell });
export const surveyPresetsAnswer = z.object({ presets: z.array(surveyPreset) });

export type SurveysAnswer = z.infer<typeof surveysAnswer>;
