// The Ask A.I. panel: the default question is free; the others are disabled without Pro and show an
// Upgrade to Pro link (spec 2). Answers come from the server, which builds the prompt from the place's figures.
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { defaultQuestion, placeQuestions, type QuestionKey } from '@parcel-map/contracts/map/insights';
import { hasSiteControlAtom } from '../../state/session.ts';
import { upgradeToProHref } from '../entitlements/entitlements.ts';
import { ApiError } from '../../api/client.ts';
import { doneRemote, loadingRemote, type Remote } from '../../api/use-remote.ts';
import { askAi } from './api.ts';

export const aiFailedText = "Oops! We couldn't load ChatGPT data. Please try again.";
type State = { status: 'idle' } | Remote<string>;

/** A daily limit (the caller's or the server's) is said in the server's words; other failures generically. */
function failureText(error: unknown): string {
  const limit = error instanceof ApiError ? (error.details as { limit?: string } | undefined)?.limit : undefined;
  return limit === 'daily' || limit === 'deployment' ? (error as ApiError).message : aiFailedText;
}

export function AskAi({ path, configured }: { path: string; configured: boolean }) {
  const paid = useAtomValue(hasSiteControlAtom);
  const [question, setQuestion] = useState<QuestionKey>(defaultQuestion);
  const [state, setState] = useState<State>({ status: 'idle' });
  const keys = Object.keys(placeQuestions) as QuestionKey[];
  const ask = async () => {
    setState(loadingRemote);
    try {
      setState(doneRemote((await askAi(path, question)).answer));
    } catch (error) {
      console.warn(`ask a.i.: ${(error as Error).message}`);
      setState({ status: 'failed', message: failureText(error), error });
    }
  };
  return (
    <section className="insights-card" data-testid="insights-ask-ai">
      <h3>Ask A.I.</h3>
      {!configured ? (
        <p className="muted small" data-testid="ai-unconfigured">
          Ask A.I. is not set up on this server.
        </p>
      ) : (
        <>
          <ul className="ai-questions">
            {keys.map((key) => {
              const locked = key !== defaultQuestion && !paid;
              return (
                <li key={key}>
                  <label className={locked ? 'muted' : undefined}>
                    <input
                      type="radio"
                      name="ai-question"
                      value={key}
                      checked={question === key}
                      disabled={locked}
                      onChange={() => setQuestion(key)}
                      data-testid={`ai-question-${key}`}
                    />{' '}
                    {placeQuestions[key].replace('{place}', 'this place')}
                  </label>
                  {locked && (
                    <>
                      {' '}
                      <a className="small" href={upgradeToProHref}>
                        Upgrade to Pro
                      </a>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="button primary"
            data-testid="ai-ask"
            disabled={state.status === 'loading'}
            onClick={() => void ask()}
          >
            {state.status === 'loading' ? 'Asking...' : 'Ask'}
          </button>
          {state.status === 'failed' && (
            <p className="inline-alert error" data-testid="ai-failed">
              {state.message}
            </p>
          )}
          {state.status === 'done' && (
            <div className="ai-answer" data-testid="ai-answer">
              {state.value.split(/\n{2,}/).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
