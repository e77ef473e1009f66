// Invite by email with a role. When every seat is taken the server's message stays on screen with a
// link to the billing page it names.
import { roles, type Role } from '@parcel-map/contracts/people/groups';
import { useState, type FormEvent } from 'react';
import { emailIsValid } from '../../features/accounts/validation.ts';
import { WarningAlert, warningOf, type Warning } from '../../features/accounts/warning-alert.tsx';
import { billingUrlOf, invite } from './api.ts';

export function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [warning, setWarning] = useState<Warning | null>(null);
  const valid = emailIsValid(email);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setSent(null);
    try {
      await invite(email.trim(), role);
      setSent(`Invitation sent to ${email.trim()}.`);
      setEmail('');
      onInvited();
    } catch (error) {
      const billing = billingUrlOf(error);
      setWarning(
        warningOf(
          (error as Error).message,
          billing ? { link: { href: billing, label: 'Go to the billing page' }, sticky: true } : {},
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-card account-form" data-testid="invite-form" onSubmit={(e) => void send(e)} noValidate>
      <h2>Invite a Member</h2>
      <WarningAlert warning={warning} testId="invite-warning" />
      {sent && (
        <p role="status" className="notice-ok" data-testid="invite-sent">
          {sent}
        </p>
      )}
      <div className="invite-row">
        <label className="account-field">
          <span className="account-label">Email</span>
          <input name="invite_email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="account-field">
          <span className="account-label">Role</span>
          <select name="invite_role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {r === 'manager' ? 'Manager' : 'Member'}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button primary" data-testid="invite-send" disabled={!valid || busy}>
          {busy ? 'Please wait...' : 'Send Invitation'}
        </button>
      </div>
    </form>
  );
}
