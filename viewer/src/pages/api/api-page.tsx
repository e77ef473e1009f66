// /api: the API information page. What the parcel API and the tiles offer, the endpoints with
// examples and the browsable reference of the OpenAPI document, the plans (the sandbox's Start with Free, or Not Available once
// used), and for an account with an API plan its token, plan and usage.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { sessionAtom } from '../../state/session.ts';
import { ApiUsageSection } from '../billing/api-usage-section.tsx';
import { PageFrame } from '../../shell/page-frame/page-frame.tsx';
import { loadApiPlans, newApiToken, type ApiPlansAnswer } from './api.ts';
import { ApiReference } from './api-reference.tsx';
import './api.css';

const endpoints = [
  {
    path: '/api/v2/parcels/point?lat=42.3736&lon=-71.1097&radius=50',
    text: 'Parcels at a point, or within a radius (metres)',
  },
  { path: '/api/v2/parcels/address?query=Massachusetts Ave', text: 'Parcels by site address' },
  { path: '/api/v2/parcels/apn?parcelnumb=123-45&path=/us/ma/middlesex', text: 'Parcels by parcel number (APN)' },
  {
    path: '/api/v2/parcels/query?fields[usecode]=101&path=/us/ma/middlesex/cambridge&limit=100',
    text: 'Parcels by field values within a place',
  },
  { path: '/api/v1/parcels/{z}/{x}/{y}.mvt', text: 'Parcel vector tiles for your basemap' },
];

export function ApiPage() {
  const session = useAtomValue(sessionAtom);
  const [plans, setPlans] = useState<ApiPlansAnswer | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    loadApiPlans()
      .then(setPlans)
      .catch((error: unknown) => setProblem((error as Error).message));
  }, [session.user?.id]);
  const hasPlan = plans?.current_api_plan != null;
  const manager = session.group?.is_manager === true;

  return (
    <PageFrame title="Parcel API" testId="api-page">
      <p>
        Parcel boundaries and records for your apps: look parcels up by point, address, parcel number or field values,
        and draw them from our vector tiles. Answers are GeoJSON with the fields your plan includes.
      </p>
      {problem && <p className="error">{problem}</p>}
      {hasPlan && (
        <section className="account-card" data-testid="api-token">
          <h2>Your API token</h2>
          <p className="small">
            Send it as <code>Authorization: Bearer &lt;token&gt;</code> or <code>?token=</code>.
          </p>
          {token ? (
            <p>
              New token (shown once):{' '}
              <code className="api-token" data-testid="api-new-token">
                {token}
              </code>
            </p>
          ) : null}
          {manager && (
            <button
              type="button"
              onClick={() =>
                newApiToken()
                  .then((t) => setToken(t.token))
                  .catch((error: unknown) => setProblem((error as Error).message))
              }
            >
              Create a new token
            </button>
          )}
        </section>
      )}
      {hasPlan && <ApiUsageSection canManage={manager} />}
      {plans && !hasPlan && (
        <section className="account-card" data-testid="api-start">
          <h2>Try it free</h2>
          <p>
            The sandbox: 30 days, 7 counties of your choice, 2,000 parcel records, 10,000 tiles, premium schema, no
            credit card.
          </p>
          {plans.sandbox_available ? (
            <a className="button primary" href="/users/sign_up?flow=api_sandbox" data-testid="api-sandbox-link">
              Start with Free
            </a>
          ) : (
            <button type="button" disabled>
              Not Available
            </button>
          )}
          <p>
            <a href="/plans#p=api_standard">Compare API plans</a>
          </p>
        </section>
      )}
      <section className="account-card" data-testid="api-endpoints">
        <h2>Endpoints</h2>
        <ul className="api-endpoints">
          {endpoints.map((e) => (
            <li key={e.path}>
              <code>GET {e.path}</code>
              <br />
              <span className="small">{e.text}</span>
            </li>
          ))}
        </ul>
        <p>
          Every parcel returned counts as a metered record, every tile as a tile. Past the sandbox or a cancelled trial
          the API answers 402; at a limit or your usage cap, 429.
        </p>
        <p>
          <a href="/hs/terms/api">API terms</a> · <a href="/plans#p=api_standard">API plans</a>
        </p>
      </section>
      <ApiReference />
    </PageFrame>
  );
}
