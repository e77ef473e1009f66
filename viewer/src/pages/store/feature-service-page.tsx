// /store/esri (the logo menu's Feature Service): the ESRI-compatible feature service explained, with the
// caller's service URLs: the ArcGIS REST FeatureServer and the OGC API landing page on this origin. With
// an API plan the URL carries their token (the full token is shown once, so a manager may make a new
// one here); without one, how to get one (/plans, the free sandbox). The offering's texts come from the
// plans file's feature service (GET /api/plans.json).
import type { ApiAccountAnswer, FeatureService } from '@parcel-map/contracts/commerce/api-plans';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client.ts';
import { PageFrame } from '../../shell/page-frame/page-frame.tsx';
import { sessionAtom } from '../../state/session.ts';
import { loadApiAccount, newApiToken } from '../api/api.ts';
import './feature-service.css';

interface Offer {
  current_api_plan: string | null;
  sandbox_available: boolean;
  feature_service: FeatureService;
}

function ServiceUrl({ label, url, testId }: { label: string; url: string; testId: string }) {
  return (
    <p className="service-url">
      <span className="small muted">{label}</span>
      <code data-testid={testId}>{url}</code>
    </p>
  );
}

export function FeatureServicePage() {
  const session = useAtomValue(sessionAtom);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [account, setAccount] = useState<ApiAccountAnswer | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Feature Service · Parcel Map';
    getJson<Offer>('/api/plans.json')
      .then(setOffer)
      .catch((error: unknown) => setProblem((error as Error).message));
  }, [session.user?.id]);
  const hasPlan = offer?.current_api_plan != null;
  useEffect(() => {
    if (hasPlan)
      loadApiAccount()
        .then(setAccount)
        .catch((error: unknown) => setProblem((error as Error).message));
  }, [hasPlan]);

  const origin = location.origin;
  const featureServer = `${origin}/arcgis/rest/services/parcels/FeatureServer`;
  const ogc = `${origin}/ogc`;
  const tokenText =
    token ?? (account?.token_hint ? `<your API token, ending ${account.token_hint}>` : '<your API token>');
  const manager = session.group?.is_manager === true;
  const service = offer?.feature_service;

  return (
    <PageFrame title={service?.name ?? 'Feature Service'} testId="feature-service-page">
      <p>
        An ESRI-compatible feature service: add our parcels to ArcGIS Pro, ArcGIS Online, QGIS or any other desktop GIS
        as a live layer, queried where you look, instead of downloading files. The same parcels are an OGC API (Features
        and Tiles) service for clients that speak the open standards.
      </p>
      {problem && <p className="error">{problem}</p>}
      <section className="account-card" data-testid="feature-service-urls">
        <h2>Your service URLs</h2>
        <ServiceUrl
          label="ArcGIS REST FeatureServer"
          url={hasPlan ? `${featureServer}?token=${tokenText}` : featureServer}
          testId="feature-service-url"
        />
        <ServiceUrl
          label="OGC API Features and Tiles"
          url={hasPlan ? `${ogc}?token=${tokenText}` : ogc}
          testId="feature-service-ogc-url"
        />
        {hasPlan ? (
          <>
            <p className="small" data-testid="feature-service-token-note">
              ArcGIS clients send the token as <code>?token=</code>.
              {!token && ' Your full token was shown once, when it was made.'}
            </p>
            {manager && !token && (
              <button
                type="button"
                data-testid="feature-service-new-token"
                onClick={() =>
                  newApiToken()
                    .then((t) => setToken(t.token))
                    .catch((error: unknown) => setProblem((error as Error).message))
                }
              >
                Create a new token
              </button>
            )}
            {token && <p className="small">New token made: the old one no longer opens the service.</p>}
          </>
        ) : (
          offer && (
            <div data-testid="feature-service-get-plan">
              <p>
                The feature service is opened by an API plan's token. Start the free sandbox (30 days, 7 counties, no
                credit card) or choose an API plan, then come back here for your URL.
              </p>
              <p className="feature-service-actions">
                {offer.sandbox_available && (
                  <a className="button primary" href="/users/sign_up?flow=api_sandbox">
                    Start with Free
                  </a>
                )}
                <a className="button" href="/plans#p=api_standard" data-testid="feature-service-plans">
                  Compare API plans
                </a>
              </p>
            </div>
          )
        )}
      </section>
      {service && (
        <section className="account-card" data-testid="feature-service-included">
          <h2>{service.subtitle}</h2>
          <ul>
            {service.included.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="account-card">
        <h2>Adding the layer</h2>
        <ul>
          <li>
            ArcGIS Pro: Insert, Connections, Server, New ArcGIS Server; or Add Data, Data From Path, with the
            FeatureServer URL.
          </li>
          <li>QGIS: Layer, Add Layer, Add ArcGIS REST Server Layer (or Add WFS / OGC API - Features Layer).</li>
          <li>
            GDAL: <code>ogrinfo "ESRIJSON:{featureServer}/0/query?where=1%3D1&amp;outFields=*&amp;f=json"</code> or{' '}
            <code>ogrinfo OAPIF:{ogc}</code>
          </li>
        </ul>
        <p>
          <a href="/api">Parcel API</a> · <a href="/store">Data Store</a> · <a href="/hs/terms/api">API terms</a>
        </p>
      </section>
    </PageFrame>
  );
}
