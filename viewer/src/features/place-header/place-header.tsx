// "Currently Viewing": the place name for the zoom, breadcrumbs from /at_point.json (clicking one zooms
// to its boundary), and a country dropdown that zooms to the country. The name's title is the place's
// headline within its parent's (headline_alt).
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { getBoundary } from '../../api/places.ts';
import type { PlaceRef } from '@parcel-map/contracts/map/places';
import { fitBBox } from '../../map/navigate.ts';
import { atPointAtom, showPlaceAtom } from '../../state/selection.ts';
import { mapAtom, viewAtom } from '../../state/view.ts';
import { countryOfPath } from '../../state/url.ts';
import { paneTabAtom } from '../../state/tabs.ts';
import { FollowAction } from '../follows/follow-action.tsx';
import { SaveHomePrompt } from '../projects/save-home-prompt.tsx';
import { SearchBox } from '../search/search-box.tsx';
import { breadcrumbs, countries, placeForZoom } from '../../model/place-name.ts';

export function PlaceHeader() {
  const at = useAtomValue(atPointAtom);
  const view = useAtomValue(viewAtom);
  const map = useAtomValue(mapAtom);
  const showPlace = useSetAtom(showPlaceAtom);
  const setPaneTab = useSetAtom(paneTabAtom);
  // Phones show only the place name and search; this opens the breadcrumbs there (desktop: always shown).
  const [expanded, setExpanded] = useState(false);
  const current = placeForZoom(at, view.zoom);
  const country = countryOfPath(at?.country?.path) ?? 'us';

  const zoomTo = async (place: PlaceRef) => {
    const boundary = await getBoundary(place.path);
    if (map && boundary) fitBBox(map, boundary.properties.bbox, 20, 22);
    showPlace(place.path);
  };
  const chooseCountry = (code: string) => {
    const bounds = countries.find((c) => c.code === code)?.bounds;
    if (map && bounds) fitBBox(map, bounds, 20, 22);
    showPlace(`/${code}`);
  };

  return (
    <header className="place-header" data-testid="place-header" data-expanded={expanded}>
      <div className="currently-viewing">
        <span className="muted small">Currently Viewing</span>
        <strong data-testid="current-place" title={current?.headline_alt ?? current?.headline}>
          {current?.name ?? '—'}
        </strong>
        {current?.path && <FollowAction kind="place" path={current.path} />}
        <SaveHomePrompt />
        <button
          type="button"
          className="crumbs-toggle"
          data-testid="crumbs-toggle"
          aria-expanded={expanded}
          aria-label="Breadcrumbs"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? '▴' : '▾'}
        </button>
      </div>
      <nav aria-label="Breadcrumbs" className="breadcrumbs" data-testid="breadcrumbs">
        <select
          aria-label="Country"
          data-testid="country-select"
          value={country}
          onChange={(e) => chooseCountry(e.target.value)}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
        {breadcrumbs(at)
          .filter((p) => p.kind !== 'country')
          .map((place, i, trail) => (
            <span key={place.path} className="crumb">
              <span className="sep">/</span>
              <button
                type="button"
                className="link-button"
                data-testid={`crumb-${place.kind}`}
                aria-current={i === trail.length - 1 ? 'location' : undefined}
                // The working boundary's crumb (the active place, last) also opens the overview tab (spec 1).
                onClick={() => {
                  if (i === trail.length - 1) setPaneTab('overview');
                  void zoomTo(place);
                }}
              >
                {place.name}
              </button>
            </span>
          ))}
      </nav>
      <SearchBox country={country} />
    </header>
  );
}
