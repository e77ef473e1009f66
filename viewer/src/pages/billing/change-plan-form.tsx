// The change-plan form (accounts-billing.md section 4): collapsed behind "Change plan"; a plan, a cycle
// and users (per-seat plans: 2 to 25, monthly only); every change asks GET /settings/check_change.json
// and shows processing, then possible (with the charge or credit) or the reason; the warning lists the
// members who lose access and the projects removed. Confirm ("Please wait..." while busy) is enabled
// only for a possible change; on success the page reloads. `?plan=` or `?plan_change=` opens it.
import { useEffect, useState } from 'react';
import { ApiError, getJson, sendJson } from '../../api/client.ts';
import { changeCheckLine, type ChangeCheck } from './change-check.ts';

interface Check extends ChangeCheck {
  effects: { users: [string, string, number][]; maps: [number, string][] };
}

const choices = [
  { plan: 'level1', label: 'Pro' },
  { plan: 'team_flex', label: 'Team' },
  { plan: 'level0', label: 'Starter (free, at the end of the period)' },
];

export function ChangePlanForm(props: { current: { plan: string; cycle: string; users: number } }) {
  const query = new URLSearchParams(location.search);
  // ?plan=api_standard is for API access (api-access-section.tsx), not this form.
  const preset = query.get('plan_change') ?? (query.get('plan')?.startsWith('api_') ? null : query.get('plan'));
  const [open, setOpen] = useState(preset !== null);
  const [plan, setPlan] = useState(preset ?? props.current.plan);
  const [cycle, setCycle] = useState(props.current.cycle);
  const [users, setUsers] = useState(props.current.users);
  const [check, setCheck] = useState<Check | 'processing' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const perSeat = plan === 'team_flex';

  useEffect(() => {
    if (!open) return;
    let live = true;
    setCheck('processing');
    getJson<Check>('/settings/check_change.json', {
      plan,
      cycle: perSeat ? 'monthly' : cycle,
      users: perSeat ? Math.max(2, users) : 1,
    })
      .then((answer) => live && setCheck(answer))
      .catch(
        (error: unknown) =>
          live && setCheck({ possible: false, reason: (error as Error).message, effects: { users: [], maps: [] } }),
      );
    return () => {
      live = false;
    };
  }, [open, plan, cycle, users, perSeat]);

  const cancel = () => {
    setOpen(false);
    setPlan(props.current.plan);
    setCycle(props.current.cycle);
    setUsers(props.current.users);
    setProblem(null);
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await sendJson('PUT', '/subscriptions/update.json', {
        plan,
        cycle: perSeat ? 'monthly' : cycle,
        users: perSeat ? Math.max(2, users) : 1,
      });
      location.reload();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : (error as Error).message);
      setBusy(false);
    }
  };

  if (!open)
    return (
      <button type="button" className="button" data-testid="change-plan" onClick={() => setOpen(true)}>
        Change plan
      </button>
    );
  const result = check === 'processing' || check === null ? null : check;
  const losing = result?.effects.users ?? [];
  const removed = result?.effects.maps ?? [];
  return (
    <form
      className="account-form checkout-form"
      data-testid="change-plan-form"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <label>
        New plan
        <select
          data-testid="change-plan-select"
          value={plan}
          onChange={(e) => {
            setPlan(e.target.value);
            if (e.target.value === 'team_flex' && users < 2) setUsers(2);
          }}
        >
          {choices.map((c) => (
            <option key={c.plan} value={c.plan}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {plan !== 'level0' && (
        <label>
          Billing cycle
          <select
            data-testid="change-plan-cycle"
            value={perSeat ? 'monthly' : cycle}
            disabled={perSeat}
            onChange={(e) => setCycle(e.target.value)}
          >
            <option value="monthly">Monthly</option>
            <option value="annual">Annual</option>
          </select>
        </label>
      )}
      {perSeat && (
        <label>
          Users: <strong>{Math.max(2, users)}</strong>
          <input
            type="range"
            min={2}
            max={25}
            value={Math.max(2, users)}
            data-testid="change-plan-users"
            onChange={(e) => setUsers(Number(e.target.value))}
          />
        </label>
      )}
      <p className="small" data-testid="change-plan-check" role="status">
        {changeCheckLine(check)}
      </p>
      {(losing.length > 0 || removed.length > 0 || problem) && (
        <div className="warning-box small" data-testid="change-plan-warning">
          {(losing.length > 0 || removed.length > 0) && <p>Some users or data will exceed the new plan limit.</p>}
          {losing.length > 0 && <p>Members who lose access: {losing.map((u) => u[0]).join(', ')}</p>}
          {removed.length > 0 && <p>Projects removed: {removed.map((m) => m[1]).join(', ')}</p>}
          {problem && <p className="error">{problem}</p>}
        </div>
      )}
      <span>
        <button
          type="submit"
          className="primary"
          data-testid="change-plan-confirm"
          disabled={busy || !result?.possible}
        >
          {busy ? 'Please wait...' : 'Confirm'}
        </button>{' '}
        <button type="button" className="button" onClick={cancel}>
          Cancel
        </button>
      </span>
    </form>
  );
}
