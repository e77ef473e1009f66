// The side navigation (Alt+T): the anonymous visitor's profile entry is Sign Up (spec 2), plus plans.
import { useAtom } from 'jotai';
import { navOpenAtom } from '../../state/ui-atoms.ts';

export function SideNav() {
  const [open, setOpen] = useAtom(navOpenAtom);
  return (
    <>
      <button type="button" className="nav-toggle" aria-label="Toggle navigation" aria-expanded={open} data-testid="nav-toggle" onClick={() => setOpen(!open)}>☰</button>
      {open && (
        <nav className="side-nav" data-testid="side-nav" aria-label="Navigation">
          <strong className="brand">Parcel Map</strong>
          {/* Accounts come later: /users/sign_up has no page yet (the app falls back to the map there). */}
          <a href="/users/sign_up" data-testid="nav-sign-up">Sign Up</a>
          <a href="/plans">Plans</a>
          <a href="/store">Data Store</a>
          <a href="/coverage" data-testid="nav-coverage">Coverage</a>
          <p className="muted small">Alt+T shows or hides this menu.</p>
        </nav>
      )}
    </>
  );
}
