// The legal pages (/hs/terms, /hs/terms/privacy, /hs/terms/api, /hs/terms/subscription): the texts of
// GET /api/v1/legal/{name}.json (the operator's own when LEGAL_DIR has them), rendered from Markdown.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, getJson } from '../../api/client.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import '../page.css';
import './legal.css';
import { parseMarkdown, titleOf, type Block } from './markdown.ts';
import { MarkdownView } from './markdown-view.tsx';

export const legalTabs = [
  { name: 'terms', label: 'Terms of Use', href: '/hs/terms' },
  { name: 'privacy', label: 'Privacy', href: '/hs/terms/privacy' },
  { name: 'api', label: 'API Terms', href: '/hs/terms/api' },
  { name: 'subscription', label: 'Subscription Terms', href: '/hs/terms/subscription' },
] as const;

type State = { status: 'loading' } | { status: 'ready'; blocks: Block[] } | { status: 'missing' } | { status: 'failed'; message: string };

export function LegalPage() {
  const name = useParams().name ?? 'terms';
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    setState({ status: 'loading' });
    const request = new AbortController();
    getJson<{ markdown: string }>(`/api/v1/legal/${encodeURIComponent(name)}.json`, {}, request.signal)
      .then((body) => {
        const blocks = parseMarkdown(body.markdown);
        document.title = `${titleOf(blocks) ?? 'Legal'} | Parcel Map`;
        setState({ status: 'ready', blocks });
      })
      .catch((error: unknown) => {
        if (request.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'missing' });
        else setState({ status: 'failed', message: (error as Error).message });
      });
    return () => request.abort();
  }, [name]);

  if (state.status === 'missing') return <NotFoundPage />;
  return (
    <div className="page legal-page" data-testid="legal-page">
      <header className="page-header">
        <a className="brand" href="/">Parcel Map</a>
        <nav className="page-tabs" aria-label="Legal texts">
          {legalTabs.map((tab) => (
            <a key={tab.name} href={tab.href} aria-current={tab.name === name ? 'page' : undefined}>{tab.label}</a>
          ))}
        </nav>
      </header>
      <main className="page-main page-narrow">
        <article className="page-card legal-text" data-testid="legal-text">
          {state.status === 'loading' && <p className="muted">Loading...</p>}
          {state.status === 'failed' && <p className="error" role="alert">Could not load this text: {state.message}</p>}
          {state.status === 'ready' && <MarkdownView blocks={state.blocks} />}
        </article>
      </main>
    </div>
  );
}
