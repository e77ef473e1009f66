// The field groups of the parcel record, all open by default and collapsible, following the user's
// parcel_detail_preferences (see visible-fields.ts). Labels carry their note as a tooltip. Locked premium
// fields show "Unlock with Pro" or "Unlock with Team"; the server never sends their values. Premium
// fields a Pro user views but may not export, filter or style by carry a "View-only on Pro" hint.
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import type { ParcelEntity } from '@parcel-map/contracts/map/parcels';
import { preferencesAtom, preferencesLoadedAtom } from '../../state/preferences.ts';
import { Section } from '../../ui/section.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { formatField } from './format.ts';
import { paneGroups, type RowKind } from './visible-fields.ts';
import './pane-extras.css';

export const customiseHref = '/settings/property-details';
export const viewOnlyTip =
  'Premium data is view-only on Pro: it shows here, but exports, filters, style rules and the API include it with Team.';

function FieldRow({ parcel, name, kind }: { parcel: ParcelEntity; name: string; kind: RowKind }) {
  const label = parcel.key?.[name] ?? name;
  const header = (
    <th scope="row" title={parcel.tooltips?.[name]}>
      {label}
    </th>
  );
  if (kind === 'addon') {
    return (
      <tr data-field={name} className="locked">
        {header}
        <td>
          <a className="lock-badge tier-addon" href={`${customiseHref}#add-ons`}>
            Add-on
          </a>
        </td>
      </tr>
    );
  }
  const meta = parcel.premium_field_metadata?.[name];
  if (kind === 'locked' && meta) {
    return (
      <tr data-field={name} className="locked">
        {header}
        <td>
          <a className={`lock-badge tier-${meta.tier}`} href="/plans">
            {meta.unlock}
          </a>
        </td>
      </tr>
    );
  }
  let value: ReactNode = formatField(name, parcel.fields?.[name]);
  if (name === 'mailadd' && parcel.formatted_addresses?.mailing) {
    value = parcel.formatted_addresses.mailing.map((line) => <div key={line}>{line}</div>);
  }
  if (name === 'zoning_code_link' && typeof parcel.fields?.[name] === 'string') {
    value = (
      <a href={String(parcel.fields[name])} target="_blank" rel="noreferrer">
        Zoning code
      </a>
    );
  }
  return (
    <tr data-field={name}>
      {header}
      <td>
        {value}
        {meta?.view_only && (
          <Tooltip content={viewOnlyTip} testId={`view-only-${name}`}>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the explanation to keyboard users */}
            <span className="view-only-badge" tabIndex={0}>
              View-only on Pro
            </span>
          </Tooltip>
        )}
      </td>
    </tr>
  );
}

export function FieldGroups({ parcel }: { parcel: ParcelEntity }) {
  const prefs = useAtomValue(preferencesAtom).parcel_detail_preferences;
  const loaded = useAtomValue(preferencesLoadedAtom);
  const [showEmpty, setShowEmpty] = useState(false);
  // Hidden fields must not flash before the user's choices are known.
  if (!loaded) return <p className="muted small">Loading…</p>;
  const { groups, emptyCount } = paneGroups(parcel, prefs, showEmpty);
  return (
    <>
      {groups.map((group) => (
        <Section key={group.id} title={group.title} testId={`group-${group.id}`}>
          <table className="fields">
            <tbody>
              {group.notice && (
                <tr data-testid={`${group.id}-notice`}>
                  <td colSpan={2} className="muted">
                    {group.notice}
                  </td>
                </tr>
              )}
              {group.rows.map((row) => (
                <FieldRow key={row.name} parcel={parcel} name={row.name} kind={row.kind} />
              ))}
            </tbody>
          </table>
        </Section>
      ))}
      <p className="pane-field-actions small">
        {(emptyCount > 0 || showEmpty) && (
          <button
            type="button"
            className="link-button"
            data-testid="toggle-empty-fields"
            onClick={() => setShowEmpty(!showEmpty)}
          >
            {showEmpty ? 'Hide empty fields' : `Show ${emptyCount} empty field${emptyCount === 1 ? '' : 's'}`}
          </button>
        )}
        <a href={customiseHref} data-testid="customise-fields">
          Customise Property View Details
        </a>
      </p>
    </>
  );
}
