// /bulk: bulk data licences, the logo menu's offering for nationwide or multi-state parcel data. What a
// licence includes is read from what we serve: the states and counties with parcels and their counts
// (/coverage.json), the parcel schema's fields by group, and the export formats; then the enquiry form.
import { useEffect, useState } from 'react';
import { exportFormats } from '@parcel-map/contracts/commerce/exports';
import { parcelFields, type FieldGroup } from '@parcel-map/contracts/parcel-fields';
import { getJson } from '../../api/client.ts';
import { parseCoverage, type CoverageEntry, type CoverageTable } from '../../features/coverage/coverage.ts';
import { PageFrame } from '../../shell/page-frame/page-frame.tsx';
import { BulkForm } from './bulk-form.tsx';
import '../account/account-pages.css';

const fieldGroups = [...new Set(parcelFields.map((f) => f.group))] as FieldGroup[];

function Coverage({ entries }: { entries: CoverageEntry[] }) {
  const states = entries.filter((e) => e.kind === 'state');
  const counties = entries.filter((e) => e.kind === 'county');
  const parcels = counties.reduce((sum, c) => sum + c.parcels, 0);
  return (
    <>
      <p data-testid="bulk-coverage-summary">
        {parcels.toLocaleString('en-US')} parcels in {counties.length} {counties.length === 1 ? 'county' : 'counties'}{' '}
        of {states.length} {states.length === 1 ? 'state' : 'states'}.
      </p>
      <ul data-testid="bulk-coverage">
        {states.map((s) => (
          <li key={s.path}>
            <strong>{s.name}</strong>:{' '}
            {counties
              .filter((c) => c.path.startsWith(`${s.path}/`))
              .map((c) => `${c.name} (${c.parcels.toLocaleString('en-US')})`)
              .join(', ')}
          </li>
        ))}
      </ul>
      <a href="/coverage">Coverage map</a>
    </>
  );
}

export function BulkPage() {
  const [entries, setEntries] = useState<CoverageEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<CoverageTable>('/coverage.json').then(
      (table) => setEntries(parseCoverage(table)),
      (err: Error) => setError(err.message),
    );
  }, []);
  const states = (entries ?? [])
    .filter((e) => e.kind === 'state')
    .map((e) => ({ code: e.path.split('/')[2] ?? '', name: e.name }));
  return (
    <PageFrame title="Bulk Data Licences" testId="bulk-page">
      <p>
        License our parcel data nationwide or for several states at once: every parcel with its boundary and attributes,
        delivered as files and kept current, for your own systems.
      </p>
      <div className="dashboard-grid">
        <section className="dashboard-card" data-testid="bulk-included">
          <h2>States and counties</h2>
          {error && <p className="error">Could not load the coverage: {error}</p>}
          {!entries && !error && <p className="muted">Loading…</p>}
          {entries && <Coverage entries={entries} />}
        </section>
        <section className="dashboard-card">
          <h2>Formats and updates</h2>
          <p data-testid="bulk-formats">{exportFormats.map((f) => f.toUpperCase()).join(', ')}</p>
          <p>
            Updates: each county is refreshed when its assessor publishes new rolls; licensees receive a full refresh
            every quarter and the changed counties in between.
          </p>
        </section>
      </div>
      <section className="dashboard-card" data-testid="bulk-fields">
        <h2>Fields ({parcelFields.length})</h2>
        {fieldGroups.map((g) => (
          <details key={g} className="bulk-fields-group">
            <summary>
              {g} ({parcelFields.filter((f) => f.group === g).length})
            </summary>
            <ul className="bulk-fields">
              {parcelFields
                .filter((f) => f.group === g)
                .map((f) => (
                  <li key={f.name} title={f.description}>
                    {f.label}
                  </li>
                ))}
            </ul>
          </details>
        ))}
      </section>
      <h2>Ask about a licence</h2>
      <BulkForm states={states} />
    </PageFrame>
  );
}
