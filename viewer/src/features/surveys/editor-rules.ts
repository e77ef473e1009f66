// The survey editor's rules as pure functions (spec 4 and 5), so tests check them without React:
// add, remove and move (bounded at the ends), the type change (multiple choice gets one blank answer,
// text becomes a free-text area), next steps limited to later questions, the 500-character answer
// limit, and the save body (empties dropped, default next steps removed, photo_required as '1'/'0').
import {
  END,
  MAX_ANSWER_LENGTH,
  normaliseQuestions,
  TEXTAREA,
  type SurveyAnswer,
  type SurveyQuestion,
} from '@parcel-map/contracts/workspace/surveys';

export type { SurveyAnswer, SurveyQuestion };
export { END, MAX_ANSWER_LENGTH, TEXTAREA };

export interface Draft {
  name: string;
  questions: SurveyQuestion[];
  photoRequired: boolean;
}

let counter = 0;
/** A question's disambiguation id: unique within a survey, stable across edits. */
export function newQuestionId(existing: readonly SurveyQuestion[] = []): string {
  const taken = new Set(existing.map((q) => q.id));
  let id: string;
  do id = `q${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;
  while (taken.has(id));
  return id;
}

export function blankQuestion(existing: readonly SurveyQuestion[] = []): SurveyQuestion {
  return { id: newQuestionId(existing), question: '', column: '', answers: [{ label: '' }] };
}

export const blankDraft = (): Draft => ({ name: '', questions: [blankQuestion()], photoRequired: true });

export function addQuestion(questions: readonly SurveyQuestion[]): SurveyQuestion[] {
  return [...questions, blankQuestion(questions)];
}

/** Removes a question; next steps that pointed at it fall back to the default. */
export function removeQuestion(questions: readonly SurveyQuestion[], index: number): SurveyQuestion[] {
  const gone = questions[index]?.id;
  return questions.filter((_, i) => i !== index).map((q) => dropNextTo(q, gone));
}

/** Moves a question up (-1) or down (+1); nothing happens at the ends. Next steps that no longer point later fall back to the default. */
export function moveQuestion(questions: readonly SurveyQuestion[], index: number, by: -1 | 1): SurveyQuestion[] {
  const to = index + by;
  if (to < 0 || to >= questions.length || index < 0 || index >= questions.length) return [...questions];
  const out = [...questions];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out.map((q, i) => keepForwardSteps(q, out.slice(i + 1)));
}

export function canMove(questions: readonly unknown[], index: number, by: -1 | 1): boolean {
  const to = index + by;
  return to >= 0 && to < questions.length;
}

/** Multiple choice gets one blank answer; text becomes a free-text area (answers gone). */
export function changeType(question: SurveyQuestion, type: 'choice' | 'text'): SurveyQuestion {
  if (type === 'text') {
    const { next, ...rest } = question;
    return { ...rest, answers: TEXTAREA, ...(next ? { next } : {}) };
  }
  if (question.answers !== TEXTAREA) return question;
  const { required: _, ...rest } = question;
  return { ...rest, answers: [{ label: '' }] };
}

export function addAnswer(question: SurveyQuestion): SurveyQuestion {
  return question.answers === TEXTAREA ? question : { ...question, answers: [...question.answers, { label: '' }] };
}

export function removeAnswer(question: SurveyQuestion, index: number): SurveyQuestion {
  return question.answers === TEXTAREA
    ? question
    : { ...question, answers: question.answers.filter((_, i) => i !== index) };
}

export function moveAnswer(question: SurveyQuestion, index: number, by: -1 | 1): SurveyQuestion {
  if (question.answers === TEXTAREA || !canMove(question.answers, index, by)) return question;
  const answers = [...question.answers];
  [answers[index], answers[index + by]] = [answers[index + by]!, answers[index]!];
  return { ...question, answers };
}

/** An answer's label, cut at 500 characters (the input's maxLength does the same while typing). */
export function setAnswerLabel(question: SurveyQuestion, index: number, label: string): SurveyQuestion {
  if (question.answers === TEXTAREA) return question;
  const answers = question.answers.map((a, i) =>
    i === index ? { ...a, label: label.slice(0, MAX_ANSWER_LENGTH) } : a,
  );
  return { ...question, answers };
}

/** '' is the default (next question); END ends the survey; an id jumps to that later question. */
export function setAnswerNext(question: SurveyQuestion, index: number, next: string): SurveyQuestion {
  if (question.answers === TEXTAREA) return question;
  const answers = question.answers.map((a, i) => {
    if (i !== index) return a;
    const { next: _, ...rest } = a;
    return next === '' ? rest : { ...rest, next };
  });
  return { ...question, answers };
}

export function setQuestionNext(question: SurveyQuestion, next: string): SurveyQuestion {
  const { next: _, ...rest } = question;
  return next === '' ? rest : { ...rest, next };
}

/** The next-step choices of question `index`: default, end survey, or any later question. */
export function nextStepOptions(
  questions: readonly SurveyQuestion[],
  index: number,
): { value: string; label: string }[] {
  return [
    { value: '', label: 'Next question (default)' },
    { value: END, label: 'End survey' },
    ...questions
      .slice(index + 1)
      .map((q, i) => ({ value: q.id, label: `Go to ${index + i + 2}. ${q.question || '(untitled)'}` })),
  ];
}

function dropNextTo(q: SurveyQuestion, id: string | undefined): SurveyQuestion {
  if (id === undefined) return q;
  const out = q.next === id ? setQuestionNext(q, '') : q;
  if (out.answers === TEXTAREA) return out;
  return { ...out, answers: out.answers.map((a) => (a.next === id ? (({ next: _, ...rest }) => rest)(a) : a)) };
}

function keepForwardSteps(q: SurveyQuestion, later: readonly SurveyQuestion[]): SurveyQuestion {
  const ok = (n: string | undefined) => n === undefined || n === END || later.some((x) => x.id === n);
  let out = ok(q.next) ? q : setQuestionNext(q, '');
  if (out.answers !== TEXTAREA)
    out = { ...out, answers: out.answers.map((a) => (ok(a.next) ? a : (({ next: _, ...rest }) => rest)(a))) };
  return out;
}

/** The body of POST /surveys.json and PUT /surveys/{id}.json. */
export function saveBody(draft: Draft, mapId: number, sourceId: number | null) {
  return {
    map_id: mapId,
    source_id: sourceId ?? '',
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    questions: JSON.stringify(normaliseQuestions(draft.questions)),
    photo_required: draft.photoRequired ? '1' : '0',
  };
}

/** Whether the draft differs from what was saved (Revert to saved is offered then). */
export function isDirty(draft: Draft, saved: Draft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(saved);
}
