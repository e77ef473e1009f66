// The admin menu on the map screen (spec 2, admins only): links to the admin pages, the zoom-level
// display checkbox, and, while an admin acts as a user, Switch Back to Admin. It sits under the
// navigation toggle, and beside the side navigation when that is open.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { zoomDisplayAtom } from '../../state/admin.ts';
import { isAdminAtom, sessionAtom } from '../../state/session.ts';
import { navOpenAtom, showAlertAtom } from '../../state/ui.ts';
import { adminLinks } from './admin-links.ts';
import './admin-menu.css';
import { switchBackToAdmin } from './switch-back.ts';

export function AdminMenu() {
  const session = useAtomValue(sessionAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const navOpen = useAtomValue(navOpenAtom);
  const [zoomShown, setZoomShown] = useAtom(zoomDisplayAtom);
  const showAlert = useSetAtom(showAlertAtom);
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // A click elsewhere or Escape closes the menu, like the other map menus.
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!isAdmin && !session.acting_as) return null;

  const switchBack = async () => {
    setSwitching(true);
    try {
      await switchBackToAdmin();
    } catch (error) {
      setSwitching(false);
      showAlert({ text: `Could not switch back: ${(error as Error).message}`, kind: 'error' });
    }
  };

  return (
    <div ref={root} className={`admin-menu-root ${navOpen ? 'beside-nav' : ''}`}>
      <button
        type="button"
        className={`admin-menu-toggle ${session.acting_as ? 'acting' : ''}`}
        data-testid="admin-menu-toggle"
        aria-expanded={open}
        aria-haspopup="true"
        title={session.acting_as ? 'Admin: acting as a user' : 'Admin menu'}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⚙</span>
        <span className="control-label">Admin</span>
      </button>
      {open && (
        <nav className="admin-menu" data-testid="admin-menu" aria-label="Admin">
          {session.acting_as ? (
            <>
              <p className="small">
                Acting as <strong>{session.user?.name}</strong> ({session.user?.email}).
              </p>
              <a
                href="/admin/sign_in_as/last"
                data-testid="switch-back-to-admin"
                aria-disabled={switching}
                onClick={(e) => {
                  e.preventDefault();
                  if (!switching) void switchBack();
                }}
              >
                {switching ? 'Please wait...' : 'Switch Back to Admin'}
              </a>
            </>
          ) : (
            <>
              <strong>Admin</strong>
              <ul>
                {adminLinks.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
              <label className="toggle" data-testid="zoom-display-checkbox">
                <input type="checkbox" checked={zoomShown} onChange={(e) => setZoomShown(e.target.checked)} />
                <span>Show zoom level</span>
              </label>
            </>
          )}
        </nav>
      )}
    </div>
  );
}
