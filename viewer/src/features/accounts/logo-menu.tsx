// The logo menu on the map (spec accounts-billing.md section 2): the plan's logo, toggled by click,
// with the account block (the group's pages), the user block (edit user info; Upgrade to Pro and a promo
// panel when not paid), the guest block on a shared project (who shared it), the product's other
// offerings (API, Data Store, bulk data licences, Feature Service) and Sign In or Sign Out (which returns to this page).
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { accountTabUrl } from '../../state/account-tab.ts';
import { sessionAtom } from '../../state/session.ts';
import { currentProjectAtom } from '../../state/project.ts';
import {
  accountLinks,
  isPaidSession,
  offeringLinks,
  planClass,
  planLabel,
  upgradeHref,
  type MenuLink,
} from './plan-class.ts';
import { signOut } from './session-actions.ts';
import './logo-menu.css';

/** The offerings in the spec's order: bulk licences go after the Data Store, before the feature service. */
const offerings: readonly MenuLink[] = offeringLinks.flatMap((l) =>
  l.href === '/store' ? [l, { label: 'Bulk Data Licences', href: '/bulk', testId: 'logo-bulk' }] : [l],
);

function Promo() {
  return (
    <div className="logo-promo" data-testid="logo-promo">
      <strong>Do more with Pro</strong>
      <p className="small">
        Premium parcel fields, 3D terrain, owner highlight, surveys and exports are available to Pro customers.
      </p>
      <a className="button primary" href={upgradeHref}>
        Upgrade to Pro
      </a>
    </div>
  );
}

export function LogoMenu() {
  const session = useAtomValue(sessionAtom);
  const project = useAtomValue(currentProjectAtom);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const plan = planClass(session);
  const paid = isPaidSession(session);

  useEffect(() => {
    if (!open) return;
    // A click elsewhere or Escape closes the menu, like any menu.
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const leave = async () => {
    setFailed(null);
    try {
      await signOut();
      setOpen(false);
    } catch (error) {
      setFailed((error as Error).message);
    }
  };

  return (
    <div className="logo-menu" ref={root}>
      <button
        type="button"
        className={`logo logo-${plan}`}
        data-testid="logo-button"
        data-plan={plan}
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen(!open)}
      >
        <span className="logo-mark" aria-hidden="true" />
        <span className="logo-word">Parcel Map</span>
        {plan !== 'free' && <span className="logo-plan">{planLabel(plan, session)}</span>}
      </button>
      {open && (
        <div className="logo-menu-panel" data-testid="logo-menu" role="menu">
          {project?.sharer && (
            <section className="logo-block" data-testid="logo-guest-block">
              <h3>Guest</h3>
              <span className="small">
                You are viewing {project.name}, shared by <strong data-testid="logo-sharer">{project.sharer}</strong>.
              </span>
            </section>
          )}
          {session.group && (
            <section className="logo-block" data-testid="logo-account-block">
              <h3>{session.group.name}</h3>
              {accountLinks(session).map((l) => (
                <a key={l.href} role="menuitem" href={l.href} data-testid={l.testId}>
                  {l.label}
                </a>
              ))}
            </section>
          )}
          {session.user && (
            <section className="logo-block" data-testid="logo-user-block">
              <h3 data-testid="logo-user-name">{session.user.name}</h3>
              <span className="muted small">{session.user.email}</span>
              <a role="menuitem" href="/users/edit" data-testid="logo-edit-user">
                Edit User Info
              </a>
              <a role="menuitem" href="/notify/follows" data-testid="logo-follows">
                Follows
              </a>
              {!paid && (
                <a role="menuitem" href={upgradeHref} data-testid="logo-upgrade">
                  Upgrade to Pro
                </a>
              )}
              {!paid && <Promo />}
            </section>
          )}
          <section className="logo-block" data-testid="logo-offerings">
            {offerings.map((l) => (
              <a key={l.href} role="menuitem" href={l.href} data-testid={l.testId}>
                {l.label}
              </a>
            ))}
          </section>
          <section className="logo-block">
            {session.user ? (
              <button
                type="button"
                role="menuitem"
                className="link-button"
                data-testid="sign-out"
                onClick={() => void leave()}
              >
                Sign Out
              </button>
            ) : (
              <a
                role="menuitem"
                href={accountTabUrl({ mode: 'sign_in' }).slice(1)}
                data-testid="logo-sign-in"
                onClick={() => setOpen(false)}
              >
                Sign In
              </a>
            )}
            {failed && (
              <span role="alert" className="error small">
                {failed}
              </span>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
