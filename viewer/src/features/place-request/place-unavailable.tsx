// Place Unavailable (spec 2): when the place in view (the header's place for the zoom) has no parcels,
// a card says so and offers "Request this place", the request form. Hidden while a parcel is open or
// after the visitor closes it for that place.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { atPointAtom } from '../../state/selection.ts';
import { viewAtom } from '../../state/view.ts';
import { detailsOpenAtom } from '../../state/ui.ts';
import { placeForZoom } from '../../model/place-name.ts';
import { loadCoveredPaths, placeHasParcels } from './coverage-check.ts';
import { PlaceRequestForm } from './place-request-form.tsx';
import './place-request.css';

export function PlaceUnavailable() {
  const at = useAtomValue(atPointAtom);
  const { zoom } = useAtomValue(viewAtom);
  const detailsOpen = useAtomValue(detailsOpenAtom);
  const [covered, setCovered] = useState<string[] | null>(null);
  const [formFor, setFormFor] = useState<string | null>(null);
  const [closedFor, setClosedFor] = useState<string | null>(null);

  useEffect(() => {
    loadCoveredPaths().then(setCovered, (error: unknown) => console.warn(`coverage: ${(error as Error).message}`));
  }, []);

  const place = placeForZoom(at, zoom);
  if (!place || !covered || detailsOpen || closedFor === place.path || placeHasParcels(place.path, covered))
    return null;
  return (
    <section
      className="place-unavailable"
      data-testid="place-unavailable"
      data-path={place.path}
      aria-label="Place Unavailable"
    >
      <header className="place-unavailable-header">
        <h2>Place Unavailable</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close Place Unavailable"
          onClick={() => setClosedFor(place.path)}
        >
          ×
        </button>
      </header>
      <p>
        We do not have parcel data for <strong>{place.headline || place.name}</strong> yet. Tell us you need it and we
        will consider adding it.
      </p>
      {formFor === place.path ? (
        <PlaceRequestForm key={place.path} path={place.path} />
      ) : (
        <button
          type="button"
          className="button primary"
          data-testid="request-place"
          onClick={() => setFormFor(place.path)}
        >
          Request this place
        </button>
      )}
    </section>
  );
}
