// /store: the data store's landing page, listing the states whose parcel files the store will sell. The
// store itself (files, prices, checkout) comes with its own issue; until then each state links to its
// place on the map, so the insights' Buy Data Files link never leads nowhere.
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client.ts';
import '../page.css';

interface Child { path: string; name: string }

export function StoreLandingPage() {
  const [states, setStates] = useState<Child[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    document.title = 'Data Store · Parcel Map';
    getJson<{ children: Child[] }>('/us/children.json').then((body) => setStates(body.children), () => setFailed(true));
  }, []);
  return (
    <div className="page" data-testid="store-landing">
      <main className="page-main page-narrow">
        <p><a href="/">← Back to the map</a></p>
        <h1>Data Store</h1>
        <p>Parcel data files by state. Choose a state to see its places on the map; file downloads open here soon.</p>
        {failed && <p className="muted">The list of states could not be loaded. Please try again.</p>}
        {!states && !failed && <p className="muted">Loading...</p>}
        {states && (
          <ul className="store-states" data-testid="store-states">
            {states.map((s) => <li key={s.path}><a href={s.path}>{s.name}</a></li>)}
          </ul>
        )}
      </main>
    </div>
  );
}
