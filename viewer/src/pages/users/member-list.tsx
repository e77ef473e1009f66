// The members of the account with their roles: change a role in place, remove after a confirmation
// (the account's API token is then replaced and the new one shown once), open invitations with Revoke.
// The server keeps at least one manager; its refusal shows in the warning alert.
import { roles, type Role } from '@parcel-map/contracts/people/groups';
import { useState } from 'react';
import { WarningAlert, warningOf, type Warning } from '../../features/accounts/warning-alert.tsx';
import { Modal } from '../../ui/modal.tsx';
import { changeRole, removeMember, revokeInvitation, type MembersAnswer } from './api.ts';
import { Tooltip } from '../../ui/tooltip.tsx';

type Member = MembersAnswer['members'][number];

export function MemberList(props: { answer: MembersAnswer; selfId: number; onChanged: () => void }) {
  const [warning, setWarning] = useState<Warning | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const [newToken, setNewToken] = useState<string | null>(null);
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setWarning(warningOf((error as Error).message));
    } finally {
      setBusy(false);
      props.onChanged();
    }
  };
  const { group, members, invitations } = props.answer;

  return (
    <section className="account-card" data-testid="member-list">
      <h2>Members</h2>
      <WarningAlert warning={warning} />
      <table className="members-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Role</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.user_id} data-testid="member-row" data-email={m.email.toLowerCase()}>
              <td>
                <div>
                  {m.name}
                  {m.user_id === props.selfId && <span className="muted small"> (you)</span>}
                </div>
                <div className="member-email">{m.email}</div>
              </td>
              <td>
                <select
                  aria-label={`Role of ${m.name}`}
                  value={m.role}
                  disabled={busy}
                  data-testid="member-role"
                  onChange={(e) => void act(() => changeRole(m.user_id, e.target.value as Role))}
                >
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {r === 'manager' ? 'Manager' : 'Member'}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <Tooltip content={m.user_id === props.selfId ? 'Another manager can remove you' : undefined} disabled>
                  <button
                    type="button"
                    className="button"
                    data-testid="member-remove"
                    disabled={busy || m.user_id === props.selfId}
                    onClick={() => setRemoving(m)}
                  >
                    Remove
                  </button>
                </Tooltip>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {newToken && (
        <p className="small" role="status" data-testid="member-new-token">
          The account's API token was replaced, since the person removed may have kept it. The new token, shown once:{' '}
          <code>{newToken}</code>
        </p>
      )}
      {invitations.length > 0 && (
        <>
          <h3>Open invitations</h3>
          <ul className="small" data-testid="invitation-list">
            {invitations.map((i) => (
              <li key={i.email} data-testid="invitation-row">
                {i.email} · {i.role === 'manager' ? 'Manager' : 'Member'} · until{' '}
                {new Date(i.expires_at).toLocaleDateString()}{' '}
                <button
                  type="button"
                  className="button"
                  data-testid="invitation-revoke"
                  disabled={busy}
                  onClick={() => void act(() => revokeInvitation(i.email))}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {removing && (
        <Modal title="Remove Member" testId="remove-member-dialog" onClose={() => setRemoving(null)}>
          <p>
            Are you sure you want to remove {removing.name} ({removing.email}) from {group.name}? They lose access to
            the account's plan.
          </p>
          <p className="row">
            <button
              type="button"
              className="button primary"
              data-testid="confirm-remove"
              onClick={() => {
                const m = removing;
                setRemoving(null);
                void act(async () => setNewToken((await removeMember(m.user_id)).api_token?.token ?? null));
              }}
            >
              Remove
            </button>
            <button type="button" className="button" onClick={() => setRemoving(null)}>
              Cancel
            </button>
          </p>
        </Modal>
      )}
    </section>
  );
}
