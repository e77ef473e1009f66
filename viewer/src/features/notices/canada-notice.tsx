// Canada fields notice (spec 2): Canadian parcel records carry fewer fields than US ones. Dismissible;
// the spec persists the dismissal only for signed-in users, so for the anonymous visitor (everyone until
// accounts exist) it lasts for this page session only: an atom, never storage.
import { atom, useAtom, useAtomValue } from 'jotai';
import { atPointAtom } from '../../state/map-atoms.ts';
import { countryOfPath } from '../../state/url.ts';

export const canadaNoticeText =
  'Canadian parcels carry fewer fields than US parcels: owner, sale, structure and zoning details are often not available here.';

const dismissedAtom = atom(false);

export function CanadaNotice() {
  const at = useAtomValue(atPointAtom);
  const [dismissed, setDismissed] = useAtom(dismissedAtom);
  if (dismissed || countryOfPath(at?.country?.path) !== 'ca') return null;
  return (
    <div className="canada-notice" role="status" data-testid="canada-notice">
      <span>{canadaNoticeText}</span>
      <button type="button" className="icon-button" aria-label="Dismiss" data-testid="canada-notice-dismiss" onClick={() => setDismissed(true)}>×</button>
    </div>
  );
}
