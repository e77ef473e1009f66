// /survey/{id}?parcel={path}: the surveyor's form, made for a phone in the field. The questions on the
// current path show in order (each answer's next step followed), Required is enforced, a photo is
// taken or chosen when the survey requires one, and the answers go to the device's outbox first, then
// to the server (now, or when the connection returns), once, under a client-made id.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useRemote, valueOf } from '../../api/use-remote.ts';
import { sessionAtom } from '../../state/session.ts';
import {
  answerProblems,
  answersOnPath,
  POST_STATUS,
  surveyPath,
  TEXTAREA,
  type Answers,
  type SurveySource,
} from '@parcel-map/contracts/workspace/surveys';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';
import { flushOutbox, indexedDbOutbox, sendEntry, type OutboxEntry } from './offline-queue.ts';
import './survey-form.css';

const outbox = indexedDbOutbox();

export function SurveyFormPage() {
  const session = useSignedInSession();
  const csrf = useAtomValue(sessionAtom).csrf_token ?? '';
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const parcel = search.get('parcel') ?? '';
  const [remote] = useRemote<SurveySource>(session ? `/surveys/${Number(id)}.json` : null, {}, { keepValue: true });
  const survey = valueOf(remote) ?? null;
  const problem = remote.status === 'failed' ? remote.message : null;
  const [answers, setAnswers] = useState<Answers>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [parcelInput, setParcelInput] = useState('');
  /** Bumped after each save: a fresh file input, so no earlier photo seems attached. */
  const [round, setRound] = useState(0);

  const flush = useCallback(async () => {
    const report = await flushOutbox(outbox, (e) => sendEntry(e, csrf));
    setWaiting(report.waiting);
    if (report.refused.length) setErrors(report.refused.map((r) => r.message));
    return report;
  }, [csrf]);

  // Whatever waited from an earlier visit goes now, and again each time the connection returns.
  useEffect(() => {
    if (!session) return;
    void flush();
    const online = () =>
      void flush().then(
        (r) => r.sent.length && setNotice(`Sent ${r.sent.length} saved ${r.sent.length === 1 ? 'survey' : 'surveys'}.`),
      );
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [session, flush]);

  // A changed answer may fix what the last save complained about.
  const answer = (id: string, value: string) => {
    setAnswers((previous) => ({ ...previous, [id]: value }));
    setErrors([]);
  };

  const path = useMemo(() => (survey ? surveyPath(survey.questions, answers) : []), [survey, answers]);

  const submit = async (status: 1 | 2) => {
    if (!survey || !parcel) return;
    const problems = status === POST_STATUS.surveyed ? answerProblems(survey.questions, answers) : [];
    if (status === POST_STATUS.surveyed && survey.photo_required && !photo) problems.push('A photo is required');
    setErrors(problems);
    if (problems.length) return;
    const entry: OutboxEntry = {
      client_id: crypto.randomUUID(),
      survey_id: survey.id,
      parcel_path: parcel,
      status,
      answers: status === POST_STATUS.surveyed ? answersOnPath(survey.questions, answers) : {},
      photo: status === POST_STATUS.surveyed ? photo : null,
      queued_at: Date.now(),
    };
    await outbox.put(entry);
    setAnswers({});
    setPhoto(null);
    setRound((n) => n + 1);
    const report = await flush();
    if (report.sent.includes(entry.client_id)) setNotice('Saved. The map shows it now.');
    else if (!report.refused.some((r) => r.client_id === entry.client_id))
      setNotice('Saved on this device. It will be sent when you are back online.');
  };

  return (
    <PageFrame title={survey?.name ?? 'Survey'} testId="survey-form-page">
      {problem && (
        <p className="error" data-testid="survey-form-problem">
          {problem}
        </p>
      )}
      {waiting > 0 && (
        <p className="survey-form-waiting" data-testid="survey-form-waiting">
          {waiting} {waiting === 1 ? 'survey waits' : 'surveys wait'} for a connection.
        </p>
      )}
      {notice && (
        <p className="survey-form-notice" role="status" data-testid="survey-form-notice">
          {notice}
        </p>
      )}
      {survey && !parcel && (
        <form
          className="survey-form-parcel"
          onSubmit={(e) => {
            e.preventDefault();
            if (parcelInput.trim()) setSearch({ parcel: parcelInput.trim() });
          }}
        >
          <p>Open a parcel on the map and choose Survey this parcel, or enter its path.</p>
          <input
            type="text"
            aria-label="Parcel path"
            placeholder="/us/ma/middlesex/cambridge/123"
            value={parcelInput}
            onChange={(e) => setParcelInput(e.target.value)}
          />
          <button type="submit" className="button">
            Start
          </button>
        </form>
      )}
      {survey && parcel && (
        <form
          className="survey-form"
          data-testid="survey-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(POST_STATUS.surveyed);
          }}
        >
          <p className="muted small survey-form-parcel-path">
            Parcel <a href={parcel}>{parcel}</a>
          </p>
          {path.map((q, index) => (
            <fieldset key={q.id} className="survey-form-question" data-testid={`form-question-${q.id}`}>
              <legend>
                {index + 1}. {q.question}
                {q.answers === TEXTAREA && q.required ? ' *' : ''}
              </legend>
              {q.answers === TEXTAREA ? (
                <textarea
                  aria-label={q.question}
                  maxLength={500}
                  rows={3}
                  value={answers[q.id] ?? ''}
                  onChange={(e) => answer(q.id, e.target.value)}
                />
              ) : (
                q.answers.map((a) => (
                  <label key={a.label} className={`survey-form-choice ${answers[q.id] === a.label ? 'chosen' : ''}`}>
                    <input
                      type="radio"
                      name={q.id}
                      value={a.label}
                      checked={answers[q.id] === a.label}
                      onChange={() => answer(q.id, a.label)}
                    />
                    {a.label}
                  </label>
                ))
              )}
            </fieldset>
          ))}
          <label className="survey-form-photo">
            <span>Photo{survey.photo_required ? ' (required)' : ''}</span>
            <input
              key={round}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="environment"
              data-testid="survey-photo"
              onChange={(e) => {
                setPhoto(e.target.files?.[0] ?? null);
                setErrors([]);
              }}
            />
          </label>
          {errors.length > 0 && (
            <ul className="error" data-testid="survey-form-errors">
              {errors.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          <div className="survey-form-actions">
            <button type="submit" className="button primary" data-testid="survey-submit">
              Save answers
            </button>
            <button
              type="button"
              className="button"
              data-testid="survey-could-not"
              onClick={() => void submit(POST_STATUS.couldNotSurvey)}
            >
              Could not survey
            </button>
          </div>
        </form>
      )}
    </PageFrame>
  );
}
