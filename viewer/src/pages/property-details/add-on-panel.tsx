// The add-on fields panel of the Customise page (map.md section 2): Enhanced Owner, Standardized Zoning,
// Matched Buildings and Matched Addresses, each with its description, its first 6 features before
// View more, links to the product and the schema, and its fields to show in the pane.
import { useState } from 'react';
import type { AddOn } from '@parcel-map/contracts/map/parcels';
import {
  additionalItems,
  isHidden,
  withAdditionalItem,
  withFields,
} from '../../features/preferences/parcel-detail-prefs.ts';
import type { ParcelDetailPreferences } from '../../model/preferences.ts';
import { FieldCheckbox } from './field-group-card.tsx';

export const featuresBeforeViewMore = 6;

function AddOnCard(props: {
  addOn: AddOn;
  prefs: ParcelDetailPreferences | undefined;
  onChange: (next: ParcelDetailPreferences) => void;
}) {
  const { addOn, prefs, onChange } = props;
  const [more, setMore] = useState(false);
  const items = more ? addOn.listItems : addOn.listItems.slice(0, featuresBeforeViewMore);
  // Schema fields are shown unless hidden; fields outside the schema only once chosen (additional_items).
  const chosen = (name: string, inSchema: boolean) =>
    inSchema ? !isHidden(prefs, name) : additionalItems(prefs).includes(name);
  const choose = (name: string, inSchema: boolean, on: boolean) =>
    onChange(inSchema ? withFields(prefs, [name], on) : withAdditionalItem(prefs, name, on));
  return (
    <article className="add-on-card" data-testid={`add-on-${addOn.id}`}>
      <h3>{addOn.title}</h3>
      <p>{addOn.description}</p>
      <ul className="add-on-features">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {addOn.listItems.length > featuresBeforeViewMore && (
        <button type="button" className="link-button small" data-testid="view-more" onClick={() => setMore(!more)}>
          {more ? 'View less' : 'View more'}
        </button>
      )}
      <div className="add-on-fields">
        {addOn.fields.map((field) => (
          <FieldCheckbox
            key={field.name}
            field={field}
            checked={chosen(field.name, field.tier !== null)}
            onChange={(on) => choose(field.name, field.tier !== null, on)}
          />
        ))}
      </div>
      <p className="add-on-links small">
        <a href={addOn.productLink} target="_blank" rel="noreferrer">
          Learn more
        </a>
        <a href={addOn.schemaLink} target="_blank" rel="noreferrer">
          Schema
        </a>
      </p>
    </article>
  );
}

export function AddOnPanel(props: {
  addOns: AddOn[];
  prefs: ParcelDetailPreferences | undefined;
  onChange: (next: ParcelDetailPreferences) => void;
}) {
  return (
    <section className="add-on-panel" id="add-ons" data-testid="add-on-panel" aria-label="Add-on fields">
      <h2>Add-on fields</h2>
      <p className="muted small">
        Premium datasets matched to every parcel. Choose which of their fields the property details show.
      </p>
      <div className="add-on-grid">
        {props.addOns.map((addOn) => (
          <AddOnCard key={addOn.id} addOn={addOn} prefs={props.prefs} onChange={props.onChange} />
        ))}
      </div>
    </section>
  );
}
