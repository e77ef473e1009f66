// The frame of every admin page: the admin navigation and the page's content. Until the first answer
// it shows only "Loading..." (later loads keep the last answer on screen), and for a 404 (not an
// admin, or an admin acting as a user) the not-found page, so nobody else sees the admin navigation.
import { useEffect, type ReactNode } from 'react';
import { adminLinks } from '../../shell/admin-menu/admin-links.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import '../page.css';
import './admin.css';
import { ApiError } from '../../api/client.ts';
import type { Remote } from '../../api/use-remote.ts';

/** The server answers 404 to anyone but an admin, so a 404 means "not an admin", not a missing list. */
function notAdmin(state: Remote<unknown>): boolean {
  return state.status === 'failed' && state.error instanceof ApiError && state.error.status === 404;
}

export function AdminLayout(props: { title: string; path: string; state: Remote<unknown>; children: ReactNode }) {
  useEffect(() => {
    document.title = `${props.title} | Admin | Parcel Map`;
  }, [props.title]);
  if (notAdmin(props.state)) return <NotFoundPage />;
  if (props.state.status === 'loading') {
    return (
      <div className="page" data-testid="admin-loading">
        <main className="page-main">
          <p className="muted">Loading...</p>
        </main>
      </div>
    );
  }
  return (
    <div className="page admin-page" data-testid="admin-page">
      <header className="page-header">
        <a className="brand" href="/">
          Parcel Map
        </a>
        <nav className="page-tabs" aria-label="Admin pages">
          {adminLinks.map((link) => (
            <a key={link.href} href={link.href} aria-current={link.href === props.path ? 'page' : undefined}>
              {link.label}
            </a>
          ))}
        </nav>
      </header>
      <main className="page-main">
        <h1>{props.title}</h1>
        {props.state.status === 'failed' && (
          <p className="admin-warning" role="alert">
            {props.state.message}
          </p>
        )}
        {props.children}
      </main>
    </div>
  );
}

/** Previous / Next for the admin lists (the server pages them: 50 users or 100 entries a page). */
export function Pager(props: { page: number; count: number; pageSize: number; onPage: (page: number) => void }) {
  if (props.page === 0 && props.count < props.pageSize) return null;
  return (
    <div className="row pager">
      <button type="button" className="button" disabled={props.page === 0} onClick={() => props.onPage(props.page - 1)}>
        Previous
      </button>
      <span className="muted">Page {props.page + 1}</span>
      <button
        type="button"
        className="button"
        disabled={props.count < props.pageSize}
        onClick={() => props.onPage(props.page + 1)}
      >
        Next
      </button>
    </div>
  );
}
