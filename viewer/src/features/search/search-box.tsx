// The search box: places, streets and parcel addresses from /search.json (2+ characters, up to 33
// suggestions), sent the map's centre (near) so matches around the view rank first; choosing a place
// flies there, a street fits its extent, a parcel opens. When nothing matches, "Help us improve"
// opens the search feedback modal with the query. A place's line is its headline_alt, the headline
// within its parent's.
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { getJson, isAbort } from '../../api/client.ts';
import type { SearchResult } from '@parcel-map/contracts/map/places';
import { fitBBox } from '../../map/navigate.ts';
import { mapAtom } from '../../state/view.ts';
import { selectParcelAtom, showPlaceAtom } from '../../state/selection.ts';
import { searchPlaceholder } from '../../model/place-name.ts';
import { requestSearchFeedback } from '../search-feedback/feedback-event.ts';
import './search-empty.css';

export const searchMinLength = 2;
export const searchMaxResults = 33;

export function SearchBox({ country }: { country: string }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResult[]>([]);
  /** The query the shown results answer (so "no results" shows only once the answer is in). */
  const [answered, setAnswered] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const map = useAtomValue(mapAtom);
  const select = useSetAtom(selectParcelAtom);
  const showPlace = useSetAtom(showPlaceAtom);

  useEffect(() => {
    const q = query.trim();
    if (q.length < searchMinLength) {
      setResults([]);
      return;
    }
    const request = new AbortController();
    const timer = setTimeout(() => {
      const centre = map?.getCenter();
      const near = centre ? `${centre.lng.toFixed(5)},${centre.lat.toFixed(5)}` : undefined;
      getJson<{ results: SearchResult[] }>('/search.json', { q, country, near }, request.signal)
        .then((body) => {
          setResults((body.results ?? []).slice(0, searchMaxResults));
          setAnswered(q);
        })
        .catch((error: unknown) => {
          if (!isAbort(error)) console.warn(`search: ${(error as Error).message}`);
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      request.abort();
    };
  }, [query, country, map]);

  const choose = (result: SearchResult) => {
    setOpen(false);
    setQuery(result.name);
    if (result.kind === 'parcel') {
      map?.jumpTo({ center: result.center, zoom: Math.max(map.getZoom(), 17) });
      select({ path: result.path, point: result.center });
    } else if (result.kind === 'street') {
      if (map && result.bbox) fitBBox(map, result.bbox, 40, 18);
    } else if (map) {
      if (result.bbox) fitBBox(map, result.bbox, 20, 22);
      else map.jumpTo({ center: result.center, zoom: 12 });
      showPlace(result.path);
    }
  };

  return (
    <div className="search" data-testid="search">
      <input
        type="search"
        value={query}
        placeholder={searchPlaceholder(country)}
        aria-label="Search"
        data-testid="search-input"
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && results[0]) choose(results[0]);
          if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && results.length > 0 && (
        <ul className="suggestions" role="listbox" data-testid="search-results">
          {results.map((r) => (
            <li key={`${r.kind}:${r.path}`} role="option" aria-selected={false}>
              <button type="button" onClick={() => choose(r)}>
                {/* A place is said within its parent (Cambridge, Middlesex County, MA) to tell namesakes apart. */}
                <span>{r.name}</span> <span className="muted small">{r.headline_alt ?? r.headline}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && results.length === 0 && answered !== null && answered === query.trim() && (
        <div className="suggestions search-empty" data-testid="search-empty">
          <span>No results for “{answered}”.</span>{' '}
          <button
            type="button"
            className="link-button"
            data-testid="search-help-improve"
            onClick={() => {
              setOpen(false);
              requestSearchFeedback(answered);
            }}
          >
            Help us improve
          </button>
        </div>
      )}
    </div>
  );
}
