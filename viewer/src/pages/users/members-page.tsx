// /users: the Members Dashboard (spec accounts-billing.md section 2) for the managers of an account:
// members and roles, seats used out of the plan's seats, invitations by email. Everyone else gets a
// clear answer: members are told it is for managers, users without an account are offered Pro.
import { useRemoteCall } from '../../api/use-remote.ts';
import { upgradeHref } from '../../features/accounts/plan-class.ts';
import { InviteForm } from './invite-form.tsx';
import { MemberList } from './member-list.tsx';
import { getMembers, managersOnly } from './api.ts';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';

export function MembersPage() {
  const session = useSignedInSession();
  // A change (a role, a removal, an invitation) reloads the list and keeps the old one meanwhile.
  const [load, reload] = useRemoteCall(session !== null ? getMembers : null, '', { keepValue: true });

  let body;
  if (!session || load.status === 'loading') body = <p className="muted">Loading…</p>;
  else if (load.status === 'failed') {
    const status = (load.error as { status?: number } | undefined)?.status ?? 0;
    body = (
      <div className="account-card" data-testid="members-refused">
        {status === 403 ? (
          <p>{managersOnly}</p>
        ) : status === 404 ? (
          <p>
            {load.message}. <a href={upgradeHref}>Upgrade to Pro</a>
          </p>
        ) : (
          <p className="error">{load.message}</p>
        )}
      </div>
    );
  } else {
    const { group } = load.value;
    const full = group.seats_taken >= group.seats;
    body = (
      <>
        <div className="account-card">
          <h2 data-testid="members-group">{group.name}</h2>
          <p className="seats" data-testid="seats">
            {group.seats_taken} of {group.seats} seats used
          </p>
          <p className="muted small">
            Open invitations hold a seat until they are accepted or expire.
            {full && (
              <>
                {' '}
                All seats are taken: <a href={group.billing_url}>add seats on the billing page</a>.
              </>
            )}
          </p>
        </div>
        <MemberList answer={load.value} selfId={session.user!.id} onChanged={reload} />
        <InviteForm onInvited={reload} />
      </>
    );
  }
  return (
    <PageFrame title="Members Dashboard" testId="members-page">
      {body}
    </PageFrame>
  );
}
