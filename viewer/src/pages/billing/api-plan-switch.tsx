// Moving between self-serve API plans on the billing page (?plan=api_premium, sent by the plans page):
// the new plan with Confirm and Cancel; the current API plan cannot be re-selected. On success the
// page reloads (spec section 4, change-plan form).
import { useState } from 'react';
import { sendJson } from '../../api/client.ts';

const names: Record<string, string> = { api_standard: 'Standard', api_premium: 'Premium' };

export function ApiPlanSwitch(props: { current: string; canManage: boolean }) {
  const wanted = new URLSearchParams(location.search).get('plan');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  if (closed || !wanted || !names[wanted] || !props.canManage || !names[props.current]) return null;
  if (wanted === props.current)
    return (
      <p className="muted small" data-testid="api-plan-switch">
        API {names[wanted]} is your current API plan.
      </p>
    );
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await sendJson('PUT', '/api/plan.json', { plan: wanted });
      location.replace(location.pathname);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <div className="account-card" data-testid="api-plan-switch">
      <p>
        Change the API plan from {names[props.current]} to <strong>{names[wanted]}</strong>? The new plan's fields apply
        at once; its price from your next monthly charge.
      </p>
      {problem && (
        <p className="warning" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="primary" disabled={busy} onClick={() => void confirm()}>
        {busy ? 'Please wait...' : 'Confirm'}
      </button>{' '}
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setClosed(true);
          history.replaceState(null, '', location.pathname);
        }}
      >
        Cancel
      </button>
    </div>
  );
}
