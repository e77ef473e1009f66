// The API plan's metered usage (billing page and /api): plan and state (sandbox end or trial charge
// date), tiles and parcel records of the month against what is included, the month's overage, the
// usage cap (managers set it) and cancelling a self-serve plan or trial. Renders nothing for an
// account without an API plan.
import { useEffect, useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { ApiPlanSwitch } from './api-plan-switch.tsx';
import { apiDay, cancelApiPlan, count, loadApiAccount, setUsageCap, type ApiAccountAnswer } from '../api/api.ts';

/** The support article on API billing (the spec's {support_url}/api/using-the-parcel-api#api-billing). */
export const apiBillingHelp = 'https://support.parcel-map.org/api/using-the-parcel-api#api-billing';

const stateText: Record<ApiAccountAnswer['state'], string> = {
  trial: 'Trial',
  active: 'Active',
  capped: 'Usage cap reached',
  expired: 'Ended',
};

function Meter(props: { label: string; used: number; included: number | null; testId: string }) {
  const share = props.included ? Math.min(1, props.used / props.included) : 0;
  return (
    <div className="api-meter" data-testid={props.testId}>
      <span>
        {props.label}: <strong>{count(props.used)}</strong>
        {props.included !== null ? ` of ${count(props.included)} included` : ''}
      </span>
      {props.included !== null && <progress max={1} value={share} aria-label={props.label} />}
    </div>
  );
}

/** `combo`: the API plan is API access on a Pro or Team plan, changed and removed in the API access section. */
export function ApiUsageSection(props: { canManage: boolean; combo?: boolean }) {
  const [account, setAccount] = useState<ApiAccountAnswer | null | undefined>(undefined);
  const [cap, setCap] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    loadApiAccount()
      .then((answer) => {
        setAccount(answer);
        setCap(answer?.usage_cap_cents == null ? '' : (answer.usage_cap_cents / 100).toFixed(2));
      })
      .catch(() => setAccount(null));
  }, [revision]);
  if (!account) return null;
  const sandbox = account.plan.plan === 'api_sandbox';
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setMessage({ text: done, error: false });
      setRevision((r) => r + 1);
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    }
  };

  return (
    <section className="account-card api-usage" data-testid="api-usage">
      <h2>API usage</h2>
      <p>
        {account.plan.name} · <strong data-testid="api-usage-state">{stateText[account.state]}</strong>
        {sandbox && account.ends_at && ` · ends on ${apiDay.format(new Date(account.ends_at))}`}
        {account.trial_ends_at &&
          account.state === 'trial' &&
          ` · free trial, first charge on ${apiDay.format(new Date(account.trial_ends_at))}`}
      </p>
      {account.reason && (
        <p className="warning" role="alert">
          {account.reason}
        </p>
      )}
      {account.state !== 'expired' && !props.combo && (
        <ApiPlanSwitch current={account.plan.plan} canManage={props.canManage} />
      )}
      <p className="muted small">
        {sandbox
          ? 'Usage over the whole sandbox'
          : `Usage in ${new Date(`${account.month}T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`}
      </p>
      <Meter label="Tiles" used={account.usage.tiles} included={account.included.tiles} testId="api-usage-tiles" />
      <Meter
        label="Parcel records"
        used={account.usage.records}
        included={account.included.records}
        testId="api-usage-records"
      />
      {!sandbox && (
        <p data-testid="api-usage-overage">
          Overage this month: <strong>{formatUsd(account.overage_cents)}</strong>
          <span className="muted small">
            {' '}
            ({formatUsd(account.prices.record_cents ?? 0)} per record, $0.001 per tile past what is included).{' '}
            <a href={apiBillingHelp} target="_blank" rel="noreferrer" data-testid="api-billing-help">
              How API billing works
            </a>
          </span>
        </p>
      )}
      {sandbox && account.counties.length > 0 && <p className="small">Counties: {account.counties.join(', ')}</p>}
      {!sandbox && props.canManage && (
        <form
          className="api-cap"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => setUsageCap(cap.trim() === '' ? null : Math.round(Number(cap) * 100)), 'Usage cap saved.');
          }}
        >
          <label>
            Monthly usage cap (overage, USD; empty for none)
            <input
              inputMode="decimal"
              data-testid="api-cap"
              value={cap}
              onChange={(e) => setCap(e.target.value)}
              pattern="[0-9]*([.][0-9]{0,2})?"
            />
          </label>
          <button type="submit">Save cap</button>
          {account.state !== 'expired' && !props.combo && (
            <button
              type="button"
              data-testid="api-cancel"
              onClick={() =>
                window.confirm('Cancel the API plan at the end of this period?') &&
                void act(cancelApiPlan, 'The API plan ends at the end of this period.')
              }
            >
              Cancel API plan
            </button>
          )}
        </form>
      )}
      {message && (
        <p className={message.error ? 'error' : 'muted'} role="status">
          {message.text}
        </p>
      )}
      <p className="small">
        <a href="/api">API information</a> · <a href="/hs/terms/api">API terms</a>
      </p>
    </section>
  );
}
