// /users/password/new: ask for a password-reset link. The server gives the same answer for any email
// (it must not tell who has an account), and so does this page.
import { useState, type FormEvent } from 'react';
import { sendJson } from '../../api/client.ts';
import { emailIsValid } from '../../features/accounts/validation.ts';
import { WarningAlert, warningOf, type Warning } from '../../features/accounts/warning-alert.tsx';
import { accountTabUrl } from '../../state/account-tab.ts';
import { PageFrame } from '../../shell/page-frame/page-frame.tsx';

export function PasswordNewPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [warning, setWarning] = useState<Warning | null>(null);
  const valid = emailIsValid(email);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      const answer = await sendJson<{ message: string }>('POST', '/users/password.json', { email: email.trim() });
      setSent(answer.message);
    } catch (error) {
      setWarning(warningOf((error as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title="Forgot your password?" testId="password-new-page">
      <form className="account-card account-form" onSubmit={(e) => void send(e)} noValidate>
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
        <WarningAlert warning={warning} />
        {sent && (
          <p role="status" className="notice-ok" data-testid="reset-sent">
            {sent}
          </p>
        )}
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
        <span className="submit-wrap">
          <button type="submit" className="button primary" data-testid="reset-send" disabled={!valid || busy}>
            {busy ? 'Please wait...' : 'Send Reset Link'}
          </button>
        </span>
        <p className="small">
          <a href={accountTabUrl({ mode: 'sign_in' })}>Back to sign in</a>
        </p>
      </form>
    </PageFrame>
  );
}
