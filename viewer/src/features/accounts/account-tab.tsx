// The side pane's #signup-signin tab: opened by the hash (on load and whenever a link changes it), shown
// in the side pane's place (a bottom sheet on phones). The form itself loads on first open, so the map
// screen's first load does not carry it.
import { useAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { accountTabAtom, parseAccountHash } from '../../state/account-tab.ts';
import './account.css';

const AccountPane = lazy(() => import('./account-pane.tsx').then((m) => ({ default: m.AccountPane })));

export function AccountTab() {
  const [tab, setTab] = useAtom(accountTabAtom);
  useEffect(() => {
    const read = () => {
      const asked = parseAccountHash(location.hash);
      if (asked) setTab(asked);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [setTab]);
  if (!tab) return null;
  return (
    <Suspense
      fallback={
        <aside className="account-tab" aria-busy="true">
          <p className="panel-body muted">Loading…</p>
        </aside>
      }
    >
      <AccountPane tab={tab} />
    </Suspense>
  );
}
