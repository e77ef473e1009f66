// /users/invitation?token=...: the link of an invitation email. The invitee signs up or signs in (with
// the address the invitation was made out to) right here, then joins; the page then shows the group.
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { sendJson } from '../../api/client.ts';
import { AccountForm } from '../../features/accounts/account-form.tsx';
import { signOut } from '../../features/accounts/session-actions.ts';
import { WarningAlert, warningOf, type Warning } from '../../features/accounts/warning-alert.tsx';
import { loadSession, sessionAtom, sessionLoadedAtom } from '../../state/session.ts';
import { PageFrame } from '../../shell/page-frame/page-frame.tsx';

interface Joined {
  name: string;
  path: string;
}

export function InvitationPage() {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(sessionLoadedAtom);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [warning, setWarning] = useState<Warning | null>(null);

  const join = async () => {
    setBusy(true);
    try {
      const answer = await sendJson<{ group: Joined }>('POST', '/users/invitations/accept.json', { token });
      setJoined(answer.group);
      await loadSession();
    } catch (error) {
      setWarning(warningOf((error as Error).message, { sticky: true }));
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (token.length < 10) {
    body = (
      <p role="alert" className="alert alert-warning">
        This invitation link is incomplete. Open the link from the email again.
      </p>
    );
  } else if (joined) {
    body = (
      <div data-testid="invitation-joined">
        <p className="notice-ok">
          You joined <strong data-testid="joined-group">{joined.name}</strong>.
        </p>
        <p className="row">
          <a className="button primary" href="/">
            Open the map
          </a>
        </p>
      </div>
    );
  } else if (!loaded) {
    body = <p className="muted">Loading…</p>;
  } else if (!session.user) {
    body = (
      <>
        <p>
          You were invited to join an account on Parcel Map. Sign up, or sign in if you have an account, with the email
          address the invitation was sent to; then join.
        </p>
        <AccountForm onSuccess={async () => void (await loadSession())} />
      </>
    );
  } else {
    body = (
      <>
        <p>
          Signed in as <strong>{session.user.name}</strong> ({session.user.email}).
        </p>
        <WarningAlert warning={warning} />
        <p className="row">
          <button
            type="button"
            className="button primary"
            data-testid="accept-invitation"
            disabled={busy}
            onClick={() => void join()}
          >
            {busy ? 'Please wait...' : 'Join the Account'}
          </button>
          <button type="button" className="button" onClick={() => void signOut()}>
            Not you? Sign Out
          </button>
        </p>
      </>
    );
  }

  return (
    <PageFrame title="Invitation" testId="invitation-page">
      <div className="account-card">{body}</div>
    </PageFrame>
  );
}
