// "Help us Improve" (spec 2, 4, 8): the search query (prefilled from the event) and optional
// additional information, posted to /search/feedback. Success shows "Thank you for your submitted
// feedback!", then the modal closes after 3 s and the fields clear; failure shows "Something went
// wrong, please try again." and keeps what was typed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendJson } from '../../api/client.ts';
import { Modal } from '../../ui/modal.tsx';
import { searchFeedbackEvent, type SearchFeedbackDetail } from './feedback-event.ts';
import './search-feedback.css';

export const feedbackCloseMs = 3000;
export const feedbackThanks = 'Thank you for your submitted feedback!';
export const feedbackFailed = 'Something went wrong, please try again.';

type Status = 'idle' | 'sending' | 'sent' | 'failed';

export function SearchFeedbackModal() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [info, setInfo] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reset = () => {
    clearTimeout(closeTimer.current);
    setOpen(false);
    setQuery('');
    setInfo('');
    setStatus('idle');
  };

  useEffect(() => {
    const onRequest = (event: Event) => {
      clearTimeout(closeTimer.current);
      setQuery((event as CustomEvent<SearchFeedbackDetail>).detail?.query ?? '');
      setInfo('');
      setStatus('idle');
      setOpen(true);
    };
    window.addEventListener(searchFeedbackEvent, onRequest);
    return () => {
      window.removeEventListener(searchFeedbackEvent, onRequest);
      clearTimeout(closeTimer.current);
    };
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus('sending');
    try {
      await sendJson('POST', '/search/feedback', { feedback: { query, additional_information: info } });
      setStatus('sent');
      closeTimer.current = setTimeout(reset, feedbackCloseMs);
    } catch {
      setStatus('failed');
    }
  };

  if (!open) return null;
  return (
    <Modal title="Help us Improve" testId="search-feedback-modal" onClose={reset}>
      <form className="feedback-form" onSubmit={(e) => void submit(e)}>
        <p className="muted">Tell us what you were looking for and we will try to add it.</p>
        <label className="feedback-field">
          <span>Search query</span>
          <input
            type="text"
            value={query}
            maxLength={500}
            data-testid="feedback-query"
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <label className="feedback-field">
          <span>Additional information (optional)</span>
          <textarea
            rows={4}
            value={info}
            maxLength={4000}
            data-testid="feedback-info"
            onChange={(e) => setInfo(e.target.value)}
          />
        </label>
        {status === 'sent' && (
          <p className="feedback-alert success" role="alert" data-testid="feedback-alert">
            {feedbackThanks}
          </p>
        )}
        {status === 'failed' && (
          <p className="feedback-alert failure" role="alert" data-testid="feedback-alert">
            {feedbackFailed}
          </p>
        )}
        <div className="row">
          <button
            type="submit"
            className="button primary"
            data-testid="feedback-submit"
            disabled={status === 'sending' || status === 'sent'}
          >
            {status === 'sending' ? 'Please wait...' : 'Submit'}
          </button>
          <button type="button" className="button" onClick={reset}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
