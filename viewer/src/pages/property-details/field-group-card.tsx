// One collapsible field group of the Customise page: the all/none/partial icon, Select All and
// Deselect All, and a checkbox per field (label, its note as tooltip, the lock badge of premium fields).
import { useId, useState } from 'react';
import type { CatalogField } from '@parcel-map/contracts/map/parcels';
import { groupState, isHidden, withFields, type GroupState } from '../../features/preferences/parcel-detail-prefs.ts';
import type { ParcelDetailPreferences } from '../../model/preferences.ts';

const icons: Record<GroupState, { symbol: string; label: string }> = {
  all: { symbol: '☑', label: 'All fields shown' },
  none: { symbol: '☐', label: 'No fields shown' },
  partial: { symbol: '◩', label: 'Some fields shown' },
};

export function LockBadge({ field }: { field: CatalogField }) {
  if (!field.locked) return null;
  if (field.tier === null) return <span className="lock-badge tier-addon">Add-on</span>;
  return <span className={`lock-badge tier-${field.tier}`}>{field.tier === 'team' ? 'Team' : 'Pro'}</span>;
}

export function FieldCheckbox(props: { field: CatalogField; checked: boolean; onChange: (shown: boolean) => void }) {
  const { field } = props;
  return (
    <label className="field-choice" data-field={field.name} title={field.note}>
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      <span className="field-label">{field.label}</span>
      <LockBadge field={field} />
    </label>
  );
}

export function FieldGroupCard(props: {
  group: { id: string; title: string; fields: CatalogField[] };
  prefs: ParcelDetailPreferences | undefined;
  onChange: (next: ParcelDetailPreferences) => void;
}) {
  const { group, prefs, onChange } = props;
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const names = group.fields.map((f) => f.name);
  const state = groupState(prefs, names);
  const shown = names.filter((n) => !isHidden(prefs, n)).length;
  return (
    <section className="field-group-card" data-testid={`settings-group-${group.id}`} data-state={state}>
      <header className="field-group-header">
        <button
          type="button"
          className="field-group-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          <span className="group-icon" data-testid="group-icon" role="img" aria-label={icons[state].label}>
            {icons[state].symbol}
          </span>
          <span className="group-title">{group.title}</span>
          <span className="muted small">
            {shown} of {names.length} shown
          </span>
          <span className="chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
        </button>
        <span className="group-actions">
          <button
            type="button"
            className="link-button small"
            data-testid="select-all"
            disabled={state === 'all'}
            onClick={() => onChange(withFields(prefs, names, true))}
          >
            Select All
          </button>
          <button
            type="button"
            className="link-button small"
            data-testid="deselect-all"
            disabled={state === 'none'}
            onClick={() => onChange(withFields(prefs, names, false))}
          >
            Deselect All
          </button>
        </span>
      </header>
      {open && (
        <div id={bodyId} className="field-group-body">
          {group.fields.map((field) => (
            <FieldCheckbox
              key={field.name}
              field={field}
              checked={!isHidden(prefs, field.name)}
              onChange={(on) => onChange(withFields(prefs, [field.name], on))}
            />
          ))}
        </div>
      )}
    </section>
  );
}
