// "API access" on the billing page of a Pro or Team account (the spec's api_combo): the current API
// tier, and for managers a Change API access form: Standard, Premium or None with the price for the
// plan's cycle; every choice asks GET /settings/check_change.json?plan=api_combo and shows the charge
// now or the credit. Adding or changing needs the API acknowledgement (as at API checkout); the current
// API plan cannot be re-selected; Confirm ("Please wait..." while busy) sends PUT
// /subscriptions/update.json {plan: api_combo, api_access, cycle} with one idempotency key per attempt
// (a double click charges once); on success the page reloads. ?plan=api_premium (the
// plans page sends Pro and Team accounts here) opens the form with that tier.
import { useEffect, useState } from 'react';
import type { ApiAccessChoice } from '@parcel-map/contracts/commerce/site-api-access';
import { formatUsd } from '@parcel-map/contracts/money';
import { getJson, sendJson } from '../../api/client.ts';
import { Tooltip } from '../../ui/tooltip.tsx';
import { changeCheckLine, type ChangeCheck } from './change-check.ts';
import { apiAcknowledgementText } from '../plans/api-checkout-form.tsx';
import { loadApiPlans, type ApiPlan } from '../api/api.ts';
import './api-access.css';

type Tier = 'api_standard' | 'api_premium';
const choiceOf = (plan: Tier | null): ApiAccessChoice =>
  plan === null ? 'none' : plan === 'api_standard' ? 'standard' : 'premium';
const newKey = () => `combo-${crypto.randomUUID()}`;

export function ApiAccessSection(props: { current: Tier | null; cycle: string; canManage: boolean }) {
  const wanted = new URLSearchParams(location.search).get('plan');
  const preset = wanted === 'api_standard' || wanted === 'api_premium' ? wanted : null;
  const [plans, setPlans] = useState<ApiPlan[]>([]);
  const [open, setOpen] = useState(preset !== null && props.canManage);
  const other: ApiAccessChoice = props.current === 'api_standard' ? 'premium' : 'standard';
  const [choice, setChoice] = useState<ApiAccessChoice>(preset && preset !== props.current ? choiceOf(preset) : other);
  const [acknowledged, setAcknowledged] = useState(false);
  const [check, setCheck] = useState<ChangeCheck | 'processing' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  useEffect(() => {
    loadApiPlans()
      .then((answer) => setPlans(answer.api_plans))
      .catch(() => setPlans([]));
  }, []);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setCheck('processing');
    getJson<ChangeCheck>('/settings/check_change.json', { plan: 'api_combo', api_access: choice, cycle: props.cycle })
      .then((answer) => live && setCheck(answer))
      .catch((error: unknown) => live && setCheck({ possible: false, reason: (error as Error).message }));
    return () => {
      live = false;
    };
  }, [open, choice, props.cycle]);

  const months = props.cycle === 'annual' ? 12 : 1;
  const per = props.cycle === 'annual' ? 'a year' : 'a month';
  const priceOf = (tier: Tier) => {
    const monthly = plans.find((p) => p.plan === tier)?.prices.monthly;
    return monthly == null ? '' : `${formatUsd(monthly * months)} ${per}`;
  };
  const nameOf = (tier: Tier) =>
    plans.find((p) => p.plan === tier)?.name ?? (tier === 'api_standard' ? 'Standard' : 'Premium');
  const adding = choice !== 'none';
  const result = check === 'processing' || check === null ? null : check;
  const ready = !busy && result?.possible === true && (!adding || acknowledged);

  const cancel = () => {
    setOpen(false);
    setProblem(null);
    setAcknowledged(false);
    if (preset) history.replaceState(null, '', location.pathname);
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await sendJson('PUT', '/subscriptions/update.json', {
        plan: 'api_combo',
        api_access: choice,
        cycle: props.cycle,
        idempotency_key: key,
      });
      location.replace(location.pathname);
    } catch (error) {
      setProblem((error as Error).message);
      // A new key for the next try: the processor replays a key's first answer, a decline included. A
      // change that went through but whose answer was lost is then refused as the current API plan.
      setKey(newKey());
      setBusy(false);
    }
  };
  const openForm = () => {
    setKey(newKey());
    setChoice(other);
    setOpen(true);
  };

  return (
    <section className="account-card api-access" data-testid="api-access">
      <h2>API access</h2>
      <p data-testid="api-access-current">
        {props.current ? (
          <>
            API plan: <strong>{nameOf(props.current)}</strong> · {priceOf(props.current)}, billed with your plan
          </>
        ) : (
          <>
            No API access. Add a self-serve API plan to this account: parcel records and tiles for your own apps,
            metered on the account's API token.
          </>
        )}
      </p>
      {!props.canManage && (
        <p className="muted small">Only managers can change API access. Please contact your account admin.</p>
      )}
      {props.canManage && !open && (
        <button type="button" className="button" data-testid="api-access-change" onClick={openForm}>
          {props.current ? 'Change API access' : 'Add API access'}
        </button>
      )}
      {props.canManage && open && (
        <form
          className="account-form checkout-form"
          data-testid="api-access-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) void confirm();
          }}
        >
          <label>
            API plan
            <select
              data-testid="api-access-select"
              value={choice}
              onChange={(e) => setChoice(e.target.value as ApiAccessChoice)}
            >
              {(['api_standard', 'api_premium'] as const).map((tier) => (
                <option key={tier} value={choiceOf(tier)} disabled={tier === props.current}>
                  {nameOf(tier)} · {priceOf(tier)}
                  {tier === props.current ? ' (current API plan)' : ''}
                </option>
              ))}
              {props.current && <option value="none">None (remove API access)</option>}
            </select>
          </label>
          {adding && (
            <label className="checkbox-row api-ack">
              <input
                type="checkbox"
                data-testid="api-access-ack"
                checked={acknowledged}
                onChange={(e) => setAcknowledged(e.target.checked)}
              />
              <span>{apiAcknowledgementText}</span>
            </label>
          )}
          <p className="small" data-testid="api-access-check" role="status">
            {changeCheckLine(check)}
          </p>
          {problem && (
            <div className="warning-box small" role="alert" data-testid="api-access-problem">
              {problem}
            </div>
          )}
          <span className="api-access-buttons">
            <Tooltip
              content={ready || busy ? undefined : 'required information missing - please fill out to proceed'}
              disabled
              testId="api-access-confirm-hint"
            >
              <button type="submit" className="primary" data-testid="api-access-confirm" disabled={!ready}>
                {busy ? 'Please wait...' : 'Confirm'}
              </button>
            </Tooltip>
            <button type="button" className="button" disabled={busy} onClick={cancel}>
              Cancel
            </button>
          </span>
        </form>
      )}
    </section>
  );
}
