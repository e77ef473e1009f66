// /users: the Members Dashboard (spec accounts-billing.md section 2) for the managers of an account:
// members and roles, seats used out of the plan's seats, invitations by email. Everyone else gets a
// clear answer: members are told it is for managers, users without an account are offered Pro.
import { useCallback, useEffect, useState } from 'react';
import { upgradeHref } from '../../features/accounts/plan-class.ts';
import { InviteForm } from './invite-form.tsx';
import { MemberList } from './member-list.tsx';
import { getMembers, managersOnly, type MembersAnswer } from './members-api.ts';
import { PageFrame, useSignedInSession } from '../../ui/page-frame.tsx';

type Load = { state: 'loading' } | { state: 'ready'; answer: MembersAnswer } | { state: 'refused'; status: number; message: string };

export function MembersPage() {
  const session = useSignedInSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const signedIn = session !== null;
  const reload = useCallback(() => {
    getMembers()
      .then((answer) => setLoad({ state: 'ready', answer }))
      .catch((error: unknown) => setLoad({ state: 'refused', status: (error as { status?: number }).status ?? 0, message: (error as Error).message }));
  }, []);
  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn, reload]);

  let body;
  if (!session || load.state === 'loading') body = <p className="muted">Loading…</p>;
  else if (load.state === 'refused') {
    body = (
      <div className="account-card" data-testid="members-refused">
        {load.status === 403 ? <p>{managersOnly}</p>
          : load.status === 404 ? <p>{load.message}. <a href={upgradeHref}>Upgrade to Pro</a></p>
          : <p className="error">{load.message}</p>}
      </div>
    );
  } else {
    const { group } = load.answer;
    const full = group.seats_taken >= group.seats;
    body = (
      <>
        <div className="account-card">
          <h2 data-testid="members-group">{group.name}</h2>
          <p className="seats" data-testid="seats">{group.seats_taken} of {group.seats} seats used</p>
          <p className="muted small">Open invitations hold a seat until they are accepted or expire.{full && <> All seats are taken: <a href={group.billing_url}>add seats on the billing page</a>.</>}</p>
        </div>
        <MemberList answer={load.answer} selfId={session.user!.id} onChanged={reload} />
        <InviteForm onInvited={reload} />
      </>
    );
  }
  return <PageFrame title="Members Dashboard" testId="members-page">{body}</PageFrame>;
}
