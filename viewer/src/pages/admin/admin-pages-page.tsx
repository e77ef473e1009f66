// /admin/pages: the site's static pages (terms, privacy, API and subscription terms). An admin picks a
// page, edits its Markdown and saves it (served on its legal route at once); "Restore the shipped
// text" drops the edit. Texts come from GET /admin/pages.json.
import { useEffect, useState } from 'react';
import type { SitePages } from '@parcel-map/contracts/people/admin-content';
import { ApiError, sendJson } from '../../api/client.ts';
import { useRemote } from '../../api/use-remote.ts';
import { AdminLayout } from './admin-layout.tsx';
import { formatDate } from './admin-format.ts';

type PageName = SitePages['pages'][number]['name'];

export function AdminPagesPage() {
  const [state, reload] = useRemote<SitePages>('/admin/pages.json', {}, { keepValue: true });
  const pages = state.status === 'done' ? state.value.pages : [];
  const [name, setName] = useState<PageName>('terms');
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const page = pages.find((p) => p.name === name);

  useEffect(() => {
    if (page) setText(page.markdown);
  }, [page]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setMessage({ text: done, error: false });
      reload();
    } catch (e) {
      setMessage({ text: e instanceof ApiError ? e.message : (e as Error).message, error: true });
    }
  };

  return (
    <AdminLayout title="Site Pages" path="/admin/pages" state={state}>
      <ul className="admin-page-list" data-testid="site-pages">
        {pages.map((p) => (
          <li key={p.name}>
            <button
              type="button"
              className={p.name === name ? 'primary' : undefined}
              aria-pressed={p.name === name}
              onClick={() => {
                setName(p.name);
                setMessage(null);
              }}
            >
              {p.title}
            </button>{' '}
            <a href={p.path}>{p.path}</a>{' '}
            <span className="muted">
              {p.edited && p.updated_at ? `edited ${formatDate(p.updated_at)}` : 'shipped text'}
            </span>
          </li>
        ))}
      </ul>
      {page && (
        <form
          className="account-form admin-stack-form"
          data-testid="site-page-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => sendJson('PUT', '/admin/pages.json', { name, markdown: text }), `${page.title} saved.`);
          }}
        >
          <label>
            {page.title} (Markdown)
            <textarea
              className="admin-editor"
              data-testid="site-page-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          {message && (
            <p role="status" className={message.error ? 'error' : 'follow-message'} data-testid="site-page-message">
              {message.text}
            </p>
          )}
          <div className="admin-draw-actions">
            <button type="submit" className="primary" data-testid="site-page-save" disabled={!text.trim()}>
              Save
            </button>
            <button
              type="button"
              data-testid="site-page-restore"
              disabled={!page.edited}
              onClick={() =>
                void act(() => sendJson('POST', '/admin/pages/restore.json', { name }), 'The shipped text is back.')
              }
            >
              Restore the shipped text
            </button>
          </div>
        </form>
      )}
    </AdminLayout>
  );
}
