// The request form of Place Unavailable (spec 2, 3, 7): name, contact (an email address or phone
// number) and comment, labelled Reason for interest, posted to /requests with the place's path and
// data_report 'false'. No field is required (spec 5); the answer is "Thank you for your suggestion!".
import { useState, type FormEvent } from 'react';
import { sendJson } from '../../api/client.ts';

export const placeRequestThanks = 'Thank you for your suggestion!';

export function PlaceRequestForm({ path }: { path: string }) {
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [comment, setComment] = useState('');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus('sending');
    try {
      await sendJson('POST', '/requests', { path, data_report: 'false', name, contact, comment });
      setStatus('sent');
    } catch {
      setStatus('failed');
    }
  };

  if (status === 'sent')
    return (
      <p className="place-request-thanks" role="status" data-testid="place-request-thanks">
        {placeRequestThanks}
      </p>
    );
  return (
    <form className="place-request-form" data-testid="place-request-form" onSubmit={(e) => void submit(e)}>
      <label>
        <span>Name</span>
        <input
          type="text"
          autoComplete="name"
          maxLength={200}
          value={name}
          data-testid="place-request-name"
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label>
        <span>Email or phone</span>
        <input
          type="text"
          autoComplete="email"
          inputMode="email"
          maxLength={200}
          value={contact}
          data-testid="place-request-contact"
          onChange={(e) => setContact(e.target.value)}
        />
      </label>
      <label>
        <span>Reason for interest</span>
        <textarea
          rows={3}
          maxLength={4000}
          value={comment}
          data-testid="place-request-comment"
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      {status === 'failed' && (
        <p className="error" role="alert">
          Something went wrong, please try again.
        </p>
      )}
      <button
        type="submit"
        className="button primary"
        data-testid="place-request-submit"
        disabled={status === 'sending'}
      >
        {status === 'sending' ? 'Please wait...' : 'Send request'}
      </button>
    </form>
  );
}
