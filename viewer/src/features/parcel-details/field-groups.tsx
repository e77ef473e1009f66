// The field groups of the parcel record, all open by default and collapsible. Locked premium fields show
// "Unlock with Pro" or "Unlock with Team"; the server never sends their values.
import type { ReactNode } from 'react';
import type { ParcelEntity } from '../../api/types.ts';
import { Section } from '../../ui/panel.tsx';
import { formatField } from './format.ts';

/** Mailing fields read as the two-line formatted mailing address instead of one row each. */
const mailingParts = new Set(['mail_addno', 'mail_addpref', 'mail_addstr', 'mail_addsttyp', 'mail_addstsuf', 'mail_unit']);

function FieldRow({ parcel, name }: { parcel: ParcelEntity; name: string }) {
  const meta = parcel.premium_field_metadata?.[name];
  const label = parcel.key?.[name] ?? name;
  if (meta?.locked) {
    return (
      <tr data-field={name} className="locked">
        <th scope="row">{label}</th>
        <td><a className={`lock-badge tier-${meta.tier}`} href="/plans">{meta.unlock}</a></td>
      </tr>
    );
  }
  let value: ReactNode = formatField(name, parcel.fields?.[name]);
  if (name === 'mailadd' && parcel.formatted_addresses?.mailing) {
    value = parcel.formatted_addresses.mailing.map((line) => <div key={line}>{line}</div>);
  }
  if (name === 'zoning_code_link' && typeof parcel.fields?.[name] === 'string') {
    value = <a href={String(parcel.fields[name])} target="_blank" rel="noreferrer">Zoning code</a>;
  }
  return (
    <tr data-field={name}>
      <th scope="row">{label}</th>
      <td>{value}</td>
    </tr>
  );
}

export function FieldGroups({ parcel }: { parcel: ParcelEntity }) {
  return (
    <>
      {(parcel.groups ?? []).map((group) => (
        <Section key={group.id} title={group.title} testId={`group-${group.id}`}>
          <table className="fields">
            <tbody>
              {group.fields.filter((f) => !mailingParts.has(f)).map((name) => <FieldRow key={name} parcel={parcel} name={name} />)}
            </tbody>
          </table>
        </Section>
      ))}
    </>
  );
}
