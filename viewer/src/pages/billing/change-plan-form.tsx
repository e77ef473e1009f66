// The change-plan form (accounts-billing.md sections 2 and 4): collapsed behind "Change plan"; a plan
// (with a link to /api for API plans and the chosen plan's What's Included list), a cycle, users
// (per-seat plans: 2 to 25, monthly only) and an optional offer code; every change asks GET
// /settings/check_change.json and shows processing, then possible (with the charge or credit, and the
// offer's price) or the reason; the warning lists what the change takes away (change-plan-warning.tsx).
// Confirm ("Please wait..." while busy) is enabled only for a possible change; on success the page
// reloads. `?plan=` or `?plan_change=` opens it.
import { useEffect, useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { ApiError, getJson, sendJson } from '../../api/client.ts';
import { loadPlans, type PlanEntry } from '../plans/api.ts';
import { changeCheckLine, type ChangeCheck, type ChangeEffects } from './change-check.ts';
import { ChangePlanWarning } from './change-plan-warning.tsx';

interface Check extends ChangeCheck {
  effects: ChangeEffects;
}

const none: ChangeEffects = { users: [], maps: [], sources: [], deprecatedApi: false };

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
  const [codeText, setCodeText] = useState('');
  // The code is sent when applied, not on every key: each check with a code counts as an attempt.
  const [code, setCode] = useState<string | null>(null);
  const [check, setCheck] = useState<Check | 'processing' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [plans, setPlans] = useState<PlanEntry[]>([]);
  const perSeat = plan === 'team_flex';
  const request = () => ({
    plan,
    cycle: perSeat ? 'monthly' : cycle,
    users: perSeat ? Math.max(2, users) : 1,
    ...(code ? { code } : {}),
  });

  useEffect(() => {
    if (!open || plans.length > 0) return;
    loadPlans()
      .then((answer) => setPlans(answer.plans))
      .catch(() => setPlans([]));
  }, [open, plans.length]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setCheck('processing');
    getJson<Check>('/settings/check_change.json', request())
      .then((answer) => live && setCheck(answer))
      .catch(
        (error: unknown) => live && setCheck({ possible: false, reason: (error as Error).message, effects: none }),
      );
    return () => {
      live = false;
    };
  }, [open, plan, cycle, users, perSeat, code]);

  const cancel = () => {
    setOpen(false);
    setPlan(props.current.plan);
    setCycle(props.current.cycle);
    setUsers(props.current.users);
    setCodeText('');
    setCode(null);
    setProblem(null);
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await sendJson('PUT', '/subscriptions/update.json', request());
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
  const chosen = plans.find((p) => p.plan === plan);
  const offerPrice = code && result?.possible && result.price !== undefined ? result.price : null;
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
      <p className="small">
        Parcel records for your own apps? <a href="/api">See the parcel API</a>.
      </p>
      {chosen && (
        <div className="small" data-testid="change-plan-included">
          <strong>What's Included</strong>
          <ul className="plan-included">
            {chosen.included.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
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
      {plan !== 'level0' && (
        <label>
          Offer code (optional)
          <span className="offer-code">
            <input
              data-testid="change-plan-code"
              value={codeText}
              maxLength={40}
              autoComplete="off"
              onChange={(e) => setCodeText(e.target.value)}
            />{' '}
            <button
              type="button"
              className="button"
              data-testid="change-plan-code-apply"
              disabled={codeText.trim() === code}
              onClick={() => setCode(codeText.trim() || null)}
            >
              Apply
            </button>
          </span>
        </label>
      )}
      {offerPrice !== null && (
        <p className="small" data-testid="change-plan-offer">
          Offer applied: {formatUsd(offerPrice)} a {perSeat || cycle === 'monthly' ? 'month' : 'year'}
          {chosen ? ` instead of ${formatUsd(listPrice(chosen, perSeat ? 'monthly' : cycle, users))}` : ''}.
        </p>
      )}
      <p className="small" data-testid="change-plan-check" role="status">
        {code && result && !result.possible ? `Offer code ${code}: ${result.reason}` : changeCheckLine(check)}
      </p>
      <ChangePlanWarning
        effects={result?.effects ?? null}
        problem={problem}
        effectiveAt={result?.possible ? result.effective_at : null}
      />
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

/** The plan's list price for a period (per-seat plans: times the users). */
function listPrice(plan: PlanEntry, cycle: string, users: number): number {
  const unit = cycle === 'annual' && plan.prices.annual !== null ? plan.prices.annual : plan.prices.monthly;
  return plan.per_seat_pricing ? unit * Math.max(2, users) : unit;
}
