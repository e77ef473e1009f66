// The store's typeahead: 'Find a state or county' ('Find a province or census division' for Canada),
// from 2 characters, up to 33 suggestions.
import { useEffect, useState } from 'react';
import { storeSearch } from './api.ts';

export function StoreSearch(props: { country: 'us' | 'ca'; base: string }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<{ path: string; headline: string }[]>([]);
  useEffect(() => {
    if (text.trim().length < 2) return setResults([]);
    const timer = setTimeout(
      () =>
        storeSearch(text.trim(), props.country).then(
          (b) => setResults(b.results.slice(0, 33)),
          () => setResults([]),
        ),
      200,
    );
    return () => clearTimeout(timer);
  }, [text, props.country]);
  const placeholder = props.country === 'ca' ? 'Find a province or census division' : 'Find a state or county';
  return (
    <div className="store-search">
      <input
        type="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="store-search"
      />
      {results.length > 0 && (
        <ul data-testid="store-search-results">
          {results.map((r) => (
            <li key={r.path}>
              <a href={`${props.base}${r.path}`}>{r.headline}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
