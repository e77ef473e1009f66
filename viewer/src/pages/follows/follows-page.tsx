// /notify/follows: the datasets the user follows (show on or remove from the map, unfollow), the places
// (each with Unfollow) and their bookmarks per dataset (address, copy and remove). Paged: the next
// page loads when scrolled within 200 px of the end.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FollowsPage as FollowsAnswer } from '@parcel-map/contracts/workspace/follows';
import { getJson } from '../../api/client.ts';
import { unfollow } from '../../features/follows/atoms.ts';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';
import { followTexts } from '../../features/follows/follow-action.tsx';
import { emptyList, mergePage, nearEnd, withoutFollow, type FollowsList } from '../../features/follows/follows-list.ts';
import { followedDatasetsAtom } from '../../state/datasets.ts';
import { DatasetRows } from '../../features/follows/dataset-rows.tsx';
import '../../features/follows/follows.css';

export const emptyFollowsText =
  'You are not following anything yet. To follow a property, open it on the map and choose Actions > Follow; to follow a place, use Actions > Follow beside its name at the top of the map.';

export function FollowsPage() {
  const session = useSignedInSession();
  const [list, setList] = useState<FollowsList>(emptyList);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);
  // The latest list for loadNext, which stays one stable function for the scroll handler.
  const listRef = useRef(list);
  listRef.current = list;
  const signedIn = session !== null;

  const loadNext = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    try {
      const current = listRef.current;
      if (current.page >= current.total_pages && current.page > 0) return;
      const answer = await getJson<FollowsAnswer>('/profile/follows.json', { page: current.page + 1 });
      setList((l) => mergePage(l, answer));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (signedIn) void loadNext();
  }, [signedIn, loadNext]);

  // A short first page does not scroll at all: keep loading while the end is already in view.
  useEffect(() => {
    const el = scroller.current;
    if (el && !loading && !error && list.page > 0 && list.page < list.total_pages && nearEnd(el)) void loadNext();
  }, [list, loading, error, loadNext]);

  const remove = async (id: number, kind: 'parcel' | 'place') => {
    try {
      await unfollow(id);
      setList((l) => withoutFollow(l, id));
      setMessage({ text: followTexts[kind].removed, error: false });
    } catch {
      setMessage({ text: followTexts[kind].removeFailed, error: true });
    }
  };

  const copy = (path: string) => {
    navigator.clipboard
      .writeText(new URL(path, location.origin).href)
      .then(() => setMessage({ text: 'Link copied to clipboard.', error: false }))
      .catch(() => setMessage({ text: 'Could not copy the link.', error: true }));
  };
  const datasets = useAtomValue(followedDatasetsAtom);
  const empty = list.page > 0 && list.places.length === 0 && list.sources.length === 0 && datasets.length === 0;

  return (
    <PageFrame title="Follows" testId="follows-page">
      {message && (
        <p role="status" className={message.error ? 'error' : 'follow-message'} data-testid="follows-message">
          {message.text}
        </p>
      )}
      <div
        className="follows-scroll"
        ref={scroller}
        data-testid="follows-scroll"
        onScroll={(e) => nearEnd(e.currentTarget) && !loading && void loadNext()}
      >
        {empty && (
          <p className="account-card" data-testid="follows-empty">
            {emptyFollowsText}
          </p>
        )}
        {signedIn && <DatasetRows say={setMessage} />}
        {list.places.length > 0 && (
          <section className="account-card">
            <h2>Places</h2>
            <ul className="follows-rows">
              {list.places.map((p) => (
                <li key={p.id} data-testid="followed-place">
                  <a href={p.place.properties.path}>{p.place.properties.headline}</a>
                  <button type="button" className="button" onClick={() => void remove(p.id, 'place')}>
                    Unfollow
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {list.sources.map((source) => (
          <section key={source.source_id} className="account-card" data-testid={`bookmarks-${source.source_id}`}>
            <h2>{source.name} bookmarks</h2>
            <ul className="follows-rows">
              {source.bookmarks.map((b) => (
                <li key={b.id} data-testid="bookmark-row">
                  <a href={b.target_path}>{b.address ?? b.path}</a>
                  <span className="follows-row-buttons">
                    <button
                      type="button"
                      className="button"
                      aria-label={`Copy link to ${b.address ?? b.path}`}
                      onClick={() => copy(b.target_path)}
                    >
                      Copy
                    </button>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove bookmark ${b.address ?? b.path}`}
                      onClick={() => void remove(b.id, 'parcel')}
                    >
                      Remove
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {loading && <p className="muted">Loading…</p>}
        {error && <p className="error">{error}</p>}
      </div>
      {list.sources.length > 0 && (
        <p>
          <a href="/profile/bookmarks.csv" download data-testid="bookmarks-csv">
            Download bookmarks (CSV)
          </a>{' '}
          · {list.total_count} followed
        </p>
      )}
    </PageFrame>
  );
}
