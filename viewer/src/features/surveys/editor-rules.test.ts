import { describe, expect, it } from 'vitest';
import { surveyTexts } from '@parcel-map/contracts/workspace/surveys';
import {
  addAnswer,
  addQuestion,
  blankDraft,
  canMove,
  changeType,
  END,
  moveQuestion,
  nextStepOptions,
  removeQuestion,
  saveBody,
  setAnswerLabel,
  setAnswerNext,
  setQuestionNext,
  TEXTAREA,
  type SurveyQuestion,
} from './editor-rules.ts';
import { situationOf } from './situation.ts';

const q = (id: string, extra: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  id,
  question: `Question ${id}`,
  column: id,
  answers: [{ label: 'Yes' }, { label: 'No' }],
  ...extra,
});

describe('survey editor rules', () => {
  it('adds questions with unique ids and one blank answer', () => {
    const two = addQuestion(addQuestion([]));
    expect(two).toHaveLength(2);
    expect(new Set(two.map((x) => x.id)).size).toBe(2);
    expect(two[0]!.answers).toEqual([{ label: '' }]);
  });

  it('moves questions up and down but not past either end', () => {
    const list = [q('a'), q('b'), q('c')];
    expect(moveQuestion(list, 0, -1).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(moveQuestion(list, 2, 1).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(moveQuestion(list, 1, -1).map((x) => x.id)).toEqual(['b', 'a', 'c']);
    expect(moveQuestion(list, 1, 1).map((x) => x.id)).toEqual(['a', 'c', 'b']);
    expect([canMove(list, 0, -1), canMove(list, 0, 1), canMove(list, 2, 1), canMove(list, 2, -1)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it('drops next steps that would point backwards after a move, and those naming a removed question', () => {
    const list = [q('a', { next: 'c' }), q('b'), q('c')];
    // c moves above a's position? Move c up twice: a's next step (c) is no longer later, so it goes.
    const moved = moveQuestion(moveQuestion(list, 2, -1), 1, -1);
    expect(moved.map((x) => x.id)).toEqual(['c', 'a', 'b']);
    expect(moved[1]!.next).toBeUndefined();
    const withAnswerStep = [q('a', { answers: [{ label: 'Yes', next: 'b' }] }), q('b')];
    expect(removeQuestion(withAnswerStep, 1)[0]!.answers).toEqual([{ label: 'Yes' }]);
  });

  it('offers default, end survey and only later questions as next steps, and removes a default next step', () => {
    const list = [q('a'), q('b'), q('c')];
    expect(nextStepOptions(list, 1).map((o) => o.value)).toEqual(['', END, 'c']);
    expect(nextStepOptions(list, 2).map((o) => o.value)).toEqual(['', END]);
    const jumped = setQuestionNext(list[0]!, 'c');
    expect(jumped.next).toBe('c');
    expect('next' in setQuestionNext(jumped, '')).toBe(false);
    const answer = setAnswerNext(list[0]!, 0, END);
    expect(answer.answers).toEqual([{ label: 'Yes', next: END }, { label: 'No' }]);
    expect(setAnswerNext(answer, 0, '').answers).toEqual([{ label: 'Yes' }, { label: 'No' }]);
  });

  it('gives a question changed to multiple choice one blank answer, and a text question the free-text marker', () => {
    const text = changeType(q('a', { answers: [{ label: 'x' }] }), 'text');
    expect(text.answers).toBe(TEXTAREA);
    const choice = changeType({ ...text, required: true }, 'choice');
    expect(choice.answers).toEqual([{ label: '' }]);
    expect(choice.required).toBeUndefined();
    expect(addAnswer(choice).answers).toHaveLength(2);
  });

  it('cuts an answer at 500 characters', () => {
    const long = setAnswerLabel(q('a'), 0, 'x'.repeat(600));
    expect((long.answers as { label: string }[])[0]!.label).toHaveLength(500);
  });

  it('saves without empty questions or answers, without default next steps, and photo_required as 1 or 0', () => {
    const draft = {
      name: ' Walk ',
      photoRequired: false,
      questions: [
        q('a', { answers: [{ label: 'Yes', next: 'gone' }, { label: ' ' }] }),
        q('b', { question: ' ' }),
        q('c', { answers: TEXTAREA, required: true }),
      ],
    };
    const body = saveBody(draft, 7, null);
    expect(body).toMatchObject({ map_id: 7, source_id: '', name: 'Walk', photo_required: '0' });
    expect(JSON.parse(body.questions)).toEqual([
      { id: 'a', question: 'Question a', column: 'a', answers: [{ label: 'Yes', value: 1 }] },
      { id: 'c', question: 'Question c', column: 'c', answers: TEXTAREA, required: true },
    ]);
    expect(saveBody(blankDraft(), 7, 3)).toMatchObject({ source_id: 3, photo_required: '1' });
  });
});

describe('survey editor situations, in the spec order', () => {
  const upsell = { blocked: false, reason: null, message: null, upgrade_plan: null };
  const source = (update: boolean) => ({
    id: 1,
    type: 'Survey' as const,
    name: 'S',
    map_id: 1,
    permissions: { update },
    questions: [],
    photo_required: true,
    question_count: 0,
    count: 0,
    created_at: '',
  });
  const base = { signedIn: true, siteControl: true, hasProject: true, active: null, upsell };
  it('walks the five situations', () => {
    expect(situationOf({ ...base, signedIn: false, siteControl: false }).kind).toBe('promo');
    expect(situationOf({ ...base, siteControl: false }).kind).toBe('upgrade');
    expect(situationOf({ ...base, hasProject: false }).message).toMatch(/save a Project first/);
    expect(situationOf({ ...base, active: source(false) })).toMatchObject({
      message: surveyTexts.noPermission,
      readOnly: true,
    });
    expect(situationOf({ ...base, active: source(true) })).toMatchObject({ kind: 'editing', readOnly: false });
    expect(situationOf(base)).toMatchObject({ message: 'You are creating a new survey.', readOnly: false });
    expect(
      situationOf({
        ...base,
        upsell: { blocked: true, reason: 'limit', message: 'Your plan includes 10 surveys.', upgrade_plan: 'Team' },
      }),
    ).toMatchObject({
      kind: 'blocked',
      message: 'Your plan includes 10 surveys.',
      hint: 'Upgrade to Team to create more surveys.',
    });
    expect(
      situationOf({
        ...base,
        upsell: { blocked: true, reason: 'member', message: surveyTexts.memberReason, upgrade_plan: null },
      }),
    ).toMatchObject({ kind: 'blocked', hint: null });
  });

  it('keeps a share-link guest read-only: promo or upgrade first, a survey without permission, never a new survey', () => {
    const guest = { ...base, guest: true };
    expect(situationOf({ ...guest, signedIn: false, siteControl: false, active: source(false) })).toMatchObject({
      kind: 'promo',
      message: surveyTexts.promo,
      readOnly: true,
    });
    expect(situationOf({ ...guest, siteControl: false, active: source(false) })).toMatchObject({
      kind: 'upgrade',
      message: surveyTexts.upgrade,
      readOnly: true,
    });
    expect(situationOf({ ...guest, active: source(false) })).toMatchObject({ kind: 'no-permission', readOnly: true });
    expect(situationOf(guest)).toMatchObject({
      kind: 'shared-empty',
      message: 'This shared project has no surveys yet.',
      readOnly: true,
    });
  });
});
