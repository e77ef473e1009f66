// /users/password/edit?reset_password_token=...: choose a new password from the mailed link. The link
// works once within an hour; an expired or used one says so and offers a new one. Success signs in.
import { passwordHint, passwordIsValid } from '@parcel-map/contracts/people/accounts';
import { useState, type FormEvent } from 'react';
import { sendJson } from '../../api/client.ts';
import { WarningAlert, warningOf, type Warning } from '../../features/accounts/warning-alert.tsx';
import { loadSession } from '../../state/session.ts';
import { PageFrame } from '../../shell/page-frame/page-frame.tsx';

export const incompleteLink =
  'This reset link is incomplete. Open the link from the email again, or ask for a new one.';

export function PasswordEditPage() {
  const token = new URLSearchParams(location.search).get('reset_password_token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [expired, setExpired] = useState<string | null>(token.length < 10 ? incompleteLink : null);
  const [warning, setWarning] = useState<Warning | null>(null);
  const valid = passwordIsValid(password) && password === confirm;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await sendJson('PUT', '/users/password.json', { token, password });
      setDone(true);
      await loadSession();
    } catch (error) {
      // A 400 here is the link itself (expired or used): no retry helps, a new link does.
      if ((error as { status?: number }).status === 400) setExpired((error as Error).message);
      else setWarning(warningOf((error as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title="Choose a New Password" testId="password-edit-page">
      <div className="account-card">
        {done ? (
          <p role="status" className="notice-ok" data-testid="password-changed">
            Your password has been changed and you are signed in. <a href="/">Go to the map</a>
          </p>
        ) : expired ? (
          <p role="alert" className="alert alert-warning" data-testid="reset-expired">
            {expired} <a href="/users/password/new">Ask for a new link</a>
          </p>
        ) : (
          <form className="account-form" onSubmit={(e) => void save(e)} noValidate>
            <WarningAlert warning={warning} />
            <label className="account-field">
              <span className="account-label">New password</span>
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <span className="muted small">{passwordHint}</span>
            </label>
            <label className="account-field">
              <span className="account-label">Repeat the new password</span>
              <input
                name="password_confirmation"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
              {confirm && confirm !== password && <span className="error small">The two passwords differ.</span>}
            </label>
            <span className="submit-wrap">
              <button type="submit" className="button primary" data-testid="password-save" disabled={!valid || busy}>
                {busy ? 'Please wait...' : 'Change My Password'}
              </button>
            </span>
          </form>
        )}
      </div>
    </PageFrame>
  );
}
