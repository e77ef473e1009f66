// The owner highlight filter button (parcel pane, insights Ownership): Pro only (spec 5), otherwise
// disabled with the upsell tooltip; when other filters are in force a confirmation modal comes first.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { hasSiteControlAtom } from '../../state/session.ts';
import { Modal } from '../../ui/modal.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { upgradeToProHref, upsellText } from '../entitlements/entitlements.ts';
import { activeFiltersAtom } from '../../state/project.ts';
import { needsConfirmation, ownerHighlightAtom, toggleOwnerHighlightAtom } from './owner-highlight.ts';
import './owner-highlight.css';

/** A funnel: the map filter this button sets. */
function FilterIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M1 2h14l-5.5 6.5V14l-3-1.5V8.5z" fill="currentColor" />
    </svg>
  );
}

export const ownerHighlightUpsell = upsellText('Owner highlights');

export function OwnerHighlightButton({ owner, testId = 'owner-highlight' }: { owner: string; testId?: string }) {
  const paid = useAtomValue(hasSiteControlAtom);
  const highlight = useAtomValue(ownerHighlightAtom);
  const filters = useAtomValue(activeFiltersAtom);
  const toggle = useSetAtom(toggleOwnerHighlightAtom);
  const [confirming, setConfirming] = useState(false);
  const pressed = highlight?.owner === owner;

  if (!paid) {
    return (
      <span className="owner-highlight-wrap" data-testid={`${testId}-upsell`}>
        <Tooltip content={ownerHighlightUpsell} disabled testId={`${testId}-hint`}>
          <button
            type="button"
            className="owner-highlight"
            data-testid={testId}
            disabled
            aria-label={`Highlight ${owner}'s parcels on the map (Pro)`}
          >
            <FilterIcon />
          </button>
        </Tooltip>
        <a className="owner-highlight-upgrade small" href={upgradeToProHref}>
          Pro
        </a>
      </span>
    );
  }
  const press = () => (needsConfirmation(highlight, filters, owner) ? setConfirming(true) : toggle(owner));
  return (
    <>
      {/* data-active-filters shows the filters in force, so browser tests can check what the map is asked to draw. */}
      <button
        type="button"
        className="owner-highlight"
        data-testid={testId}
        aria-pressed={pressed}
        data-active-filters={JSON.stringify(filters)}
        title={
          pressed
            ? 'Clear the owner highlight and restore the previous filters'
            : `Show only ${owner}'s parcels on the map`
        }
        aria-label={pressed ? `Clear the highlight of ${owner}` : `Highlight ${owner}'s parcels on the map`}
        onClick={press}
      >
        <FilterIcon />
      </button>
      {confirming && (
        <Modal title="Replace the map's filters?" testId="owner-highlight-confirm" onClose={() => setConfirming(false)}>
          <p>
            This map already has filters. Highlighting <strong>{owner}</strong> replaces them until you press the filter
            button again, which restores them.
          </p>
          <p className="row">
            <button
              type="button"
              className="button primary"
              data-testid="owner-highlight-confirm-yes"
              onClick={() => {
                setConfirming(false);
                toggle(owner);
              }}
            >
              Highlight Owner
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </p>
        </Modal>
      )}
    </>
  );
}
