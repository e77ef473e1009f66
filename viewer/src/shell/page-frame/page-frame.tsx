// The frame of the account pages (/users/...): a bar with the way back to the map and the page title,
// and a narrow column that also fits a 390 px phone. Also: sending signed-out visitors to sign in.
import { useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { accountTabUrl } from '../../state/account-tab.ts';
import { sessionAtom, sessionLoadedAtom, type SessionInfo } from '../../state/session.ts';
import '../../features/accounts/account.css';
import '../../pages/users/users-pages.css';

export function PageFrame(props: { title: string; testId: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${props.title} · Parcel Map`;
  }, [props.title]);
  return (
    <div className="account-page" data-testid={props.testId}>
      <header className="account-page-bar">
        <a href="/" className="account-page-home">
          ← Parcel Map
        </a>
      </header>
      <main className="account-page-main">
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </div>
  );
}

/** The session once known; a signed-out visitor is sent to the sign-in tab and comes back here after. */
export function useSignedInSession(): SessionInfo | null {
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(sessionLoadedAtom);
  const signedOut = loaded && !session.user;
  useEffect(() => {
    if (signedOut) location.replace(accountTabUrl({ mode: 'sign_in', redirect: location.pathname + location.search }));
  }, [signedOut]);
  return loaded && session.user ? session : null;
}
