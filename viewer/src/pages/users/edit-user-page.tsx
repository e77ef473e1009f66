// /users/edit (spec: edit user information): name, email and a new password; changing the email or the
// password asks for the current password, as the server does. Signed-out visitors go to sign in first.
import { passwordHint, passwordIsValid } from '@parcel-map/contracts/people/accounts';
import { useEffect, useState, type FormEvent } from 'react';
import { sendJson } from '../../api/client.ts';
import { emailIsValid } from '../../features/accounts/validation.ts';
import { WarningAlert, warningOf, type Warning } from '../../features/accounts/warning-alert.tsx';
import { loadSession } from '../../state/session.ts';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';

export function EditUserPage() {
  const session = useSignedInSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [current, setCurrent] = useState('');
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState<Warning | null>(null);
  const [saved, setSaved] = useState(false);
  const user = session?.user;
  useEffect(() => {
    if (!user) return;
    setName(user.name);
    setEmail(user.email);
  }, [user]);
  if (!user)
    return (
      <PageFrame title="Edit User Info" testId="edit-user-page">
        <p className="muted">Loading…</p>
      </PageFrame>
    );

  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();
  const needsCurrent = emailChanged || password.length > 0;
  const changes = {
    ...(name.trim() !== user.name ? { name: name.trim() } : {}),
    ...(emailChanged ? { email: email.trim() } : {}),
    ...(password ? { password } : {}),
  };
  const problems = [
    name.trim().length < 2 && 'Name must have at least 2 characters',
    !emailIsValid(email) && 'Enter a valid email address',
    password && !passwordIsValid(password) && passwordHint,
    needsCurrent && !current && 'Enter your current password to change your email or password',
  ].filter((p): p is string => Boolean(p));
  const canSave = Object.keys(changes).length > 0 && problems.length === 0 && !busy;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setBusy(true);
    setSaved(false);
    try {
      await sendJson('PUT', '/users/edit.json', { ...changes, ...(needsCurrent ? { current_password: current } : {}) });
      setPassword('');
      setCurrent('');
      setSaved(true);
      await loadSession();
    } catch (error) {
      setWarning(warningOf((error as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title="Edit User Info" testId="edit-user-page">
      <form className="account-card account-form" onSubmit={(e) => void save(e)} noValidate>
        <WarningAlert warning={warning} />
        {saved && (
          <p role="status" className="notice-ok" data-testid="edit-saved">
            Your account has been updated.
          </p>
        )}
        <label className="account-field">
          <span className="account-label">Name</span>
          <input name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="account-field">
          <span className="account-label">Email</span>
          <input
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="account-field">
          <span className="account-label">New password (leave empty to keep yours)</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <span className="muted small">{passwordHint}</span>
        </label>
        {needsCurrent && (
          <label className="account-field">
            <span className="account-label">Current password</span>
            <input
              name="current_password"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </label>
        )}
        {problems.length > 0 && (
          <ul className="muted small" data-testid="edit-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        <span className="submit-wrap">
          <button type="submit" className="button primary" data-testid="edit-save" disabled={!canSave}>
            {busy ? 'Please wait...' : 'Save Changes'}
          </button>
        </span>
        <p className="small">
          <a href="/users/password/new">Forgot your password?</a>
        </p>
      </form>
    </PageFrame>
  );
}
