// /users/sign_up?flow=api_sandbox: the free API sandbox sign-up. A visitor creates an account (or signs
// in), chooses up to 7 of the loaded counties and starts the 30-day sandbox (2,000 parcel records,
// 10,000 tiles, premium schema, no credit card); the token is shown once, then the /api page. Any
// other flow goes to the side pane's sign-up tab.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { AccountForm } from '../../features/accounts/account-form.tsx';
import { accountTabUrl } from '../../state/account-tab.ts';
import { loadSession, sessionAtom, sessionLoadedAtom } from '../../state/session.ts';
import { PageFrame } from '../../shell/page-frame/page-frame.tsx';
import { apiDay, startSandbox } from './api.ts';
import { CountyChooser } from './county-chooser.tsx';
import './api.css';

export function ApiSandboxSignupPage() {
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(sessionLoadedAtom);
  const flow = new URLSearchParams(location.search).get('flow');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<{ token: string | null; ends_at: string } | null>(null);
  useEffect(() => {
    if (flow !== 'api_sandbox') location.replace(accountTabUrl({ mode: 'register' }));
  }, [flow]);

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setStarted(await startSandbox(chosen));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : (error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title="Start your free API sandbox" testId="api-sandbox-signup">
      <p>
        30 days, 7 counties of your choice, 2,000 parcel records and 10,000 tiles with the premium schema. No credit
        card.
      </p>
      {loaded && !session.user && (
        <section className="account-card">
          <h2>1. Create your account</h2>
          <AccountForm
            initialMode="register"
            onSuccess={async () => {
              await loadSession();
            }}
          />
        </section>
      )}
      {session.user && !started && (
        <section className="account-card" data-testid="sandbox-counties">
          <h2>Choose your counties</h2>
          <CountyChooser chosen={chosen} onChange={setChosen} />
          {problem && (
            <p className="error" role="alert" data-testid="sandbox-problem">
              {problem}
            </p>
          )}
          <button
            type="button"
            className="primary"
            data-testid="sandbox-start"
            disabled={busy || chosen.length === 0}
            onClick={() => void start()}
          >
            {busy ? 'Please wait...' : 'Start with Free'}
          </button>
        </section>
      )}
      {started && (
        <section className="account-card" data-testid="sandbox-started">
          <h2>Your sandbox is ready</h2>
          <p>It ends on {apiDay.format(new Date(started.ends_at))}.</p>
          {started.token && (
            <p>
              Your API token (shown once, keep it safe):{' '}
              <code className="api-token" data-testid="sandbox-token">
                {started.token}
              </code>
            </p>
          )}
          <p>
            <a className="button primary" href="/api" data-testid="sandbox-continue">
              Continue to the API page
            </a>
          </p>
        </section>
      )}
    </PageFrame>
  );
}
