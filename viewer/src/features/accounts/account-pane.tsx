// The content of the #signup-signin tab: the sign-up form, or, for a signed-in user who follows such a
// link, who they are with a way out. Success reloads the session and follows the server's redirect_url.
import { useAtomValue, useSetAtom } from 'jotai';
import { replaceHash } from '../../state/selection.ts';
import { accountTabAtom, type AccountTab } from '../../state/account-tab.ts';
import { loadSession, sessionAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';
import { showAlertAtom } from '../../state/ui.ts';
import { AccountForm, type AccountAnswer } from './account-form.tsx';
import { follow, signOut } from './session-actions.ts';

export function AccountPane({ tab }: { tab: AccountTab }) {
  const session = useAtomValue(sessionAtom);
  const setTab = useSetAtom(accountTabAtom);
  const showAlert = useSetAtom(showAlertAtom);
  const close = () => {
    setTab(null);
    // Drop #signup-signin from the address, so the next link to it opens the tab again.
    replaceHash(store.get);
  };
  const done = async (answer: AccountAnswer) => {
    await loadSession();
    if (follow(answer.redirect_url)) return;
    close();
    showAlert({ text: `Signed in as ${answer.user.name}.` });
  };
  return (
    <aside className="account-tab" data-testid="account-tab" aria-label="Sign Up or Sign In">
      <header className="panel-header">
        <h2>{session.user ? 'Your Account' : 'Sign Up or Sign In'}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close"
          data-testid="close-account-tab"
          onClick={close}
        >
          ×
        </button>
      </header>
      <div className="panel-body">
        {session.user ? (
          <div data-testid="account-signed-in">
            <p>
              Signed in as <strong>{session.user.name}</strong> ({session.user.email}).
            </p>
            <p className="row">
              <a className="button" href="/users/edit">
                Edit User Info
              </a>
              <button type="button" className="button" onClick={() => void signOut()}>
                Sign Out
              </button>
            </p>
          </div>
        ) : (
          <AccountForm
            key={`${tab.mode}:${tab.redirect ?? ''}`}
            initialMode={tab.mode}
            redirect={tab.redirect}
            onSuccess={done}
          />
        )}
      </div>
    </aside>
  );
}
