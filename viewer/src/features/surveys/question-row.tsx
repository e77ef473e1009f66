// One question of the survey editor: its text, short column name, type (multiple choice or free
// text), Required (text questions), next step, and its answer rows with their own next steps.
import {
  addAnswer,
  canMove,
  changeType,
  MAX_ANSWER_LENGTH,
  moveAnswer,
  nextStepOptions,
  removeAnswer,
  setAnswerLabel,
  setAnswerNext,
  setQuestionNext,
  TEXTAREA,
  type SurveyQuestion,
} from './editor-rules.ts';

interface Props {
  questions: SurveyQuestion[];
  index: number;
  readOnly: boolean;
  onChange: (q: SurveyQuestion) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

function NextSelect(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  disabled: boolean;
  testId: string;
  onChange: (v: string) => void;
}) {
  return (
    <select
      aria-label={props.label}
      data-testid={props.testId}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function QuestionRow({ questions, index, readOnly, onChange, onRemove, onMove }: Props) {
  const q = questions[index]!;
  const n = index + 1;
  const options = nextStepOptions(questions, index);
  const isText = q.answers === TEXTAREA;
  return (
    <li className="survey-question" data-testid={`survey-question-${index}`}>
      <div className="survey-question-head">
        <span className="survey-number">{n}.</span>
        <input
          type="text"
          aria-label={`Question ${n}`}
          data-testid={`question-text-${index}`}
          placeholder="Question"
          value={q.question}
          maxLength={MAX_ANSWER_LENGTH}
          disabled={readOnly}
          onChange={(e) => onChange({ ...q, question: e.target.value })}
        />
        <input
          type="text"
          className="survey-column"
          aria-label={`Column name of question ${n}`}
          data-testid={`question-column-${index}`}
          placeholder="column"
          value={q.column}
          maxLength={40}
          disabled={readOnly}
          onChange={(e) => onChange({ ...q, column: e.target.value.replace(/[^a-zA-Z0-9_]/g, '_') })}
        />
      </div>
      <div className="survey-question-tools">
        <select
          aria-label={`Type of question ${n}`}
          data-testid={`question-type-${index}`}
          value={isText ? 'text' : 'choice'}
          disabled={readOnly}
          onChange={(e) => onChange(changeType(q, e.target.value as 'choice' | 'text'))}
        >
          <option value="choice">Multiple choice</option>
          <option value="text">Free text</option>
        </select>
        {isText && (
          <label className="small">
            <input
              type="checkbox"
              data-testid={`question-required-${index}`}
              checked={q.required === true}
              disabled={readOnly}
              onChange={(e) =>
                onChange(e.target.checked ? { ...q, required: true } : (({ required: _, ...rest }) => rest)(q))
              }
            />{' '}
            Required
          </label>
        )}
        <NextSelect
          label={`Next step after question ${n}`}
          testId={`question-next-${index}`}
          value={q.next ?? ''}
          options={options}
          disabled={readOnly}
          onChange={(v) => onChange(setQuestionNext(q, v))}
        />
        <span className="survey-row-actions">
          <button
            type="button"
            className="icon-button"
            aria-label={`Move question ${n} up`}
            disabled={readOnly || !canMove(questions, index, -1)}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Move question ${n} down`}
            disabled={readOnly || !canMove(questions, index, 1)}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove question ${n}`}
            data-testid={`question-remove-${index}`}
            disabled={readOnly}
            onClick={onRemove}
          >
            ×
          </button>
        </span>
      </div>
      {!isText && q.answers !== TEXTAREA && (
        <ol className="survey-answers">
          {q.answers.map((a, i) => (
            <li key={i} className="survey-answer">
              <input
                type="text"
                placeholder="Enter an answer"
                aria-label={`Answer ${i + 1} of question ${n}`}
                data-testid={`answer-${index}-${i}`}
                value={a.label}
                maxLength={MAX_ANSWER_LENGTH}
                disabled={readOnly}
                onChange={(e) => onChange(setAnswerLabel(q, i, e.target.value))}
              />
              <NextSelect
                label={`Next step after answer ${i + 1} of question ${n}`}
                testId={`answer-next-${index}-${i}`}
                value={a.next ?? ''}
                options={options}
                disabled={readOnly}
                onChange={(v) => onChange(setAnswerNext(q, i, v))}
              />
              <span className="survey-row-actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move answer ${i + 1} up`}
                  disabled={readOnly || i === 0}
                  onClick={() => onChange(moveAnswer(q, i, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move answer ${i + 1} down`}
                  disabled={readOnly || i === q.answers.length - 1}
                  onClick={() => onChange(moveAnswer(q, i, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove answer ${i + 1}`}
                  disabled={readOnly}
                  onClick={() => onChange(removeAnswer(q, i))}
                >
                  ×
                </button>
              </span>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="link-button small"
              data-testid={`add-answer-${index}`}
              disabled={readOnly}
              onClick={() => onChange(addAnswer(q))}
            >
              + Add answer
            </button>
          </li>
        </ol>
      )}
    </li>
  );
}
