// The legal pages (/hs/terms, /hs/terms/privacy, /hs/terms/api, /hs/terms/subscription): the texts of
// GET /api/v1/legal/{name}.json (the operator's own when LEGAL_DIR has them), rendered from Markdown.
import { useParams } from 'react-router';
import { ApiError, getJson } from '../../api/client.ts';
import { useRemoteCall } from '../../api/use-remote.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import '../page.css';
import './legal.css';
import { parseMarkdown, titleOf } from './markdown.ts';
import { MarkdownView } from './markdown-view.tsx';

export const legalTabs = [
  { name: 'terms', label: 'Terms of Use', href: '/hs/terms' },
  { name: 'privacy', label: 'Privacy', href: '/hs/terms/privacy' },
  { name: 'api', label: 'API Terms', href: '/hs/terms/api' },
  { name: 'subscription', label: 'Subscription Terms', href: '/hs/terms/subscription' },
] as const;

export function LegalPage() {
  const name = useParams().name ?? 'terms';
  const [state] = useRemoteCall(async (signal) => {
    const body = await getJson<{ markdown: string }>(`/api/v1/legal/${encodeURIComponent(name)}.json`, {}, signal);
    const blocks = parseMarkdown(body.markdown);
    document.title = `${titleOf(blocks) ?? 'Legal'} | Parcel Map`;
    return blocks;
  }, name);

  if (state.status === 'failed' && state.error instanceof ApiError && state.error.status === 404)
    return <NotFoundPage />;
  return (
    <div className="page legal-page" data-testid="legal-page">
      <header className="page-header">
        <a className="brand" href="/">
          Parcel Map
        </a>
        <nav className="page-tabs" aria-label="Legal texts">
          {legalTabs.map((tab) => (
            <a key={tab.name} href={tab.href} aria-current={tab.name === name ? 'page' : undefined}>
              {tab.label}
            </a>
          ))}
        </nav>
      </header>
      <main className="page-main page-narrow">
        <article className="page-card legal-text" data-testid="legal-text">
          {state.status === 'loading' && <p className="muted">Loading...</p>}
          {state.status === 'failed' && (
            <p className="error" role="alert">
              Could not load this text: {state.message}
            </p>
          )}
          {state.status === 'done' && <MarkdownView blocks={state.value} />}
        </article>
      </main>
    </div>
  );
}
