// Parcel Highlights: address, measurements, owner, zoning, landuse and structureCount (the last two
// premium: locked when the caller's level may not see them). Outside the US, highlights need site
// control: others see the upsell view (map.md section 2).
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { ParcelEntity, PremiumMeta } from '@parcel-map/contracts/map/parcels';
import { hasSiteControlAtom } from '../../state/session.ts';
import { unitsAtom } from '../../state/ui.ts';
import { highlightsUpsell } from '../entitlements/entitlements.ts';
import { Upsell } from '../entitlements/upsell.tsx';
import { OwnerHighlightButton } from '../owner-highlight/owner-highlight-button.tsx';
import { formatMeasurements } from './format.ts';

/** The server lists a locked highlight under its own key or under the field it comes from. */
const premiumSources: Record<string, string[]> = {
  landuse: ['landuse', 'lbcs_activity_desc', 'lbcs_activity'],
  structureCount: ['structureCount', 'll_bldg_count'],
};

function lockOf(parcel: ParcelEntity, key: string): PremiumMeta | undefined {
  return (premiumSources[key] ?? []).map((k) => parcel.premium_field_metadata?.[k]).find((m) => m?.locked);
}

export function Highlights({ parcel }: { parcel: ParcelEntity }) {
  const entitled = useAtomValue(hasSiteControlAtom);
  const units = useAtomValue(unitsAtom);
  if (highlightsUpsell(parcel.path, entitled)) {
    return (
      <section className="highlights" data-testid="parcel-highlights">
        <h3>Parcel Highlights</h3>
        <Upsell features="Parcel Highlights outside the US" testId="highlights-upsell" />
      </section>
    );
  }
  const h = parcel.highlights;
  const premium = (key: string, value: string | number | null | undefined): ReactNode => {
    const lock = lockOf(parcel, key);
    if (lock)
      return (
        <a className="lock-badge" href="/plans">
          {lock.unlock}
        </a>
      );
    return value ?? '';
  };
  const rows: [string, ReactNode, string][] = [
    ['Address', parcel.formatted_addresses?.site ?? h?.address ?? '', 'address'],
    ['Measurements', h ? formatMeasurements(h.measurements, units.area) : '', 'measurements'],
    [
      'Owner',
      h?.owner ? (
        <>
          {h.owner}
          <OwnerHighlightButton owner={h.owner} />
        </>
      ) : (
        ''
      ),
      'owner',
    ],
    ['Zoning', h?.zoning ?? '', 'zoning'],
    ['Land Use', premium('landuse', h?.landuse), 'landuse'],
    ['Structures', premium('structureCount', h?.structureCount), 'structureCount'],
  ];
  return (
    <section className="highlights" data-testid="parcel-highlights">
      <h3>Parcel Highlights</h3>
      <dl>
        {rows.map(([label, value, key]) => (
          <div key={key} className="highlight" data-highlight={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
