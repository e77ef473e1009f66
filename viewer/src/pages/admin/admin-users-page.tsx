// /admin/users: find users by name or email (GET /admin/users.json?q=), see their plan and group, set
// their plan (Set plan) or act as them (Sign in as).
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { signInAs } from '../../shell/admin-menu/switch-back.ts';
import { sessionAtom } from '../../state/session.ts';
import { AdminLayout, Pager } from './admin-layout.tsx';
import { formatDate, planName } from './admin-format.ts';
import { SetPlanForm, type PlanResult } from './set-plan-form.tsx';
import { useRemote } from '../../api/use-remote.ts';

export interface AdminUser {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  created_at: string;
  group_name: string | null;
  group_path: string | null;
  tier: string | null;
}

function UserRow({ user, self }: { user: AdminUser; self: boolean }) {
  const [current, setCurrent] = useState(user);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = (result: PlanResult) => {
    setCurrent({
      ...current,
      tier: result.group?.tier ?? null,
      group_name: result.group?.name ?? current.group_name,
      group_path: result.group?.path ?? current.group_path,
    });
    setEditing(false);
    setNotice(`Plan set to ${planName(result.group?.tier ?? null)}.`);
  };
  const actAs = async () => {
    setBusy(true);
    setError(null);
    try {
      await signInAs(current.id);
    } catch (e) {
      setBusy(false);
      setError((e as Error).message);
    }
  };
  return (
    <li className="admin-user" data-testid="admin-user" data-email={current.email}>
      <div className="admin-user-who">
        <span>
          <strong>{current.name}</strong>
          {current.is_admin && <span className="badge">admin</span>}
        </span>
        <span className="muted">{current.email}</span>
        <span className="muted small">Joined {formatDate(current.created_at)}</span>
      </div>
      <dl className="admin-user-plan">
        <dt>Plan</dt>
        <dd data-testid="user-plan">{planName(current.tier)}</dd>
        <dt>Group</dt>
        <dd data-testid="user-group">{current.group_name ?? <span className="muted">none</span>}</dd>
      </dl>
      <div className="admin-user-actions">
        <button
          type="button"
          className="button"
          data-testid="set-plan"
          aria-expanded={editing}
          onClick={() => {
            setEditing(!editing);
            setNotice(null);
          }}
        >
          Set plan
        </button>
        {!self && (
          <button
            type="button"
            className="button"
            data-testid="sign-in-as"
            disabled={busy}
            onClick={() => void actAs()}
          >
            {busy ? 'Please wait...' : 'Sign in as'}
          </button>
        )}
      </div>
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="admin-warning" role="alert">
          {error}
        </p>
      )}
      {editing && <SetPlanForm user={current} onSaved={saved} onCancel={() => setEditing(false)} />}
    </li>
  );
}

export function AdminUsersPage() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const session = useAtomValue(sessionAtom);
  useEffect(() => {
    // Search as the admin types, once typing pauses.
    const timer = setTimeout(() => {
      setQuery(input.trim());
      setPage(0);
    }, 250);
    return () => clearTimeout(timer);
  }, [input]);
  const [state] = useRemote<{ users: AdminUser[] }>(
    '/admin/users.json',
    { q: query || undefined, page: page || undefined },
    { keepValue: true },
  );
  const users = state.status === 'done' ? state.value.users : [];
  return (
    <AdminLayout title="Users" path="/admin/users" state={state}>
      <form
        className="admin-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(input.trim());
          setPage(0);
        }}
      >
        <input
          type="search"
          value={input}
          placeholder="Name or email"
          aria-label="Search users by name or email"
          data-testid="admin-user-search"
          onChange={(e) => setInput(e.target.value)}
        />
        <button type="submit" className="button primary">
          Search
        </button>
      </form>
      {state.status === 'done' && users.length === 0 && (
        <p className="muted" data-testid="admin-users-empty">
          No users match “{query}”.
        </p>
      )}
      <ul className="admin-users" data-testid="admin-users">
        {users.map((user) => (
          <UserRow key={`${user.id}:${user.tier}`} user={user} self={user.id === session.user?.id} />
        ))}
      </ul>
      <Pager page={page} count={users.length} pageSize={50} onPage={setPage} />
    </AdminLayout>
  );
}
