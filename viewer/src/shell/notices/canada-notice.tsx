// Canada fields notice (spec 2): Canadian parcel records carry fewer fields than US ones. Dismissible;
// the dismissal is the canada_fields_notice_dismissed preference, which persists only for signed-in
// users: for the anonymous visitor it lasts for this page (the preferences module never stores it).
import { useAtomValue } from 'jotai';
import { atPointAtom } from '../../state/selection.ts';
import { preferencesAtom, preferencesLoadedAtom, savePreference } from '../../state/preferences.ts';
import { countryOfPath } from '../../state/url.ts';

export const canadaNoticeText =
  'Canadian parcels carry fewer fields than US parcels: owner, sale, structure and zoning details are often not available here.';

export function CanadaNotice() {
  const at = useAtomValue(atPointAtom);
  const loaded = useAtomValue(preferencesLoadedAtom);
  const dismissed = useAtomValue(preferencesAtom).canada_fields_notice_dismissed === true;
  if (!loaded || dismissed || countryOfPath(at?.country?.path) !== 'ca') return null;
  const setDismissed = (value: true) => void savePreference('canada_fields_notice_dismissed', value).catch(() => {});
  return (
    <div className="canada-notice" role="status" data-testid="canada-notice">
      <span>{canadaNoticeText}</span>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss"
        data-testid="canada-notice-dismiss"
        onClick={() => setDismissed(true)}
      >
        ×
      </button>
    </div>
  );
}
