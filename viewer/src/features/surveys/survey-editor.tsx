// The survey editor (spec 2 and 4): name, question rows, add question, presets, copy from another
// survey (name, question count, post count, created date), photo required, reset to blank, revert
// to saved, and save (disabled while saving).
import { useState } from 'react';
import { addQuestion, blankDraft, isDirty, moveQuestion, removeQuestion, type Draft } from './editor-rules.ts';
import { QuestionRow } from './question-row.tsx';
import { draftOf, type SurveyPreset, type SurveySource } from './api.ts';

interface Props {
  draft: Draft;
  saved: Draft;
  readOnly: boolean;
  saving: boolean;
  presets: SurveyPreset[];
  others: SurveySource[];
  onChange: (draft: Draft) => void;
  onSave: () => void;
}

function CopyTable({ others, onCopy }: { others: SurveySource[]; onCopy: (s: SurveySource) => void }) {
  if (others.length === 0) return <p className="muted small">No other surveys to copy from.</p>;
  return (
    <table className="survey-copy-table" data-testid="survey-copy-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Questions</th>
          <th>Posts</th>
          <th>Created</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {others.map((s) => (
          <tr key={s.id}>
            <td>{s.name}</td>
            <td>{s.question_count}</td>
            <td>{s.count}</td>
            <td>{new Date(s.created_at).toLocaleDateString('en-US')}</td>
            <td>
              <button type="button" className="link-button small" onClick={() => onCopy(s)}>
                Copy
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SurveyEditor({ draft, saved, readOnly, saving, presets, others, onChange, onSave }: Props) {
  const [copying, setCopying] = useState(false);
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const keepName = (d: Draft) => ({ ...d, name: draft.name || d.name });
  return (
    <div className="survey-editor" data-testid="survey-editor">
      <label className="survey-name">
        <span className="small muted">Survey name</span>
        <input
          type="text"
          data-testid="survey-name"
          value={draft.name}
          maxLength={100}
          disabled={readOnly}
          placeholder="Untitled survey"
          onChange={(e) => set({ name: e.target.value })}
        />
      </label>
      <ol className="survey-questions">
        {draft.questions.map((q, index) => (
          <QuestionRow
            key={q.id}
            questions={draft.questions}
            index={index}
            readOnly={readOnly}
            onChange={(next) => set({ questions: draft.questions.map((x, i) => (i === index ? next : x)) })}
            onRemove={() => set({ questions: removeQuestion(draft.questions, index) })}
            onMove={(by) => set({ questions: moveQuestion(draft.questions, index, by) })}
          />
        ))}
      </ol>
      {!readOnly && (
        <div className="survey-tools">
          <button
            type="button"
            className="button"
            data-testid="add-question"
            onClick={() => set({ questions: addQuestion(draft.questions) })}
          >
            + Add question
          </button>
          <select
            aria-label="Start from a preset"
            data-testid="survey-preset"
            value=""
            onChange={(e) => {
              const preset = presets.find((p) => p.id === e.target.value);
              if (preset) onChange(keepName(draftOf({ ...preset, name: preset.name })));
            }}
          >
            <option value="">Presets…</option>
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="link-button small"
            aria-expanded={copying}
            onClick={() => setCopying(!copying)}
          >
            Copy from another survey
          </button>
        </div>
      )}
      {!readOnly && copying && (
        <CopyTable
          others={others}
          onCopy={(s) => {
            onChange(keepName(draftOf(s)));
            setCopying(false);
          }}
        />
      )}
      <label className="small survey-photo">
        <input
          type="checkbox"
          data-testid="survey-photo-required"
          checked={draft.photoRequired}
          disabled={readOnly}
          onChange={(e) => set({ photoRequired: e.target.checked })}
        />{' '}
        Photo required
      </label>
      {!readOnly && (
        <div className="survey-actions">
          <button
            type="button"
            className="link-button small"
            data-testid="survey-reset"
            onClick={() => onChange({ ...blankDraft(), name: draft.name })}
          >
            Reset to blank
          </button>
          <button
            type="button"
            className="link-button small"
            data-testid="survey-revert"
            disabled={!isDirty(draft, saved)}
            onClick={() => onChange(structuredClone(saved))}
          >
            Revert to saved
          </button>
          <button type="button" className="button primary" data-testid="survey-save" disabled={saving} onClick={onSave}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </div>
  );
}
