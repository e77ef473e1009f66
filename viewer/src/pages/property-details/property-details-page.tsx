// Customise Property View Details (/settings/property-details, map.md section 2): a country schema GET
// form (schema_key, default United States), the field groups with Select All / Deselect All, the add-on
// fields panel, and "not found: {field}" for saved names no schema knows. Changes save automatically to
// parcel_detail_preferences (the account when signed in, this browser otherwise); the pane follows.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client.ts';
import type { FieldCatalog } from '@parcel-map/contracts/map/parcels';
import { unknownFields, withoutField } from '../../features/preferences/parcel-detail-prefs.ts';
import type { ParcelDetailPreferences } from '../../model/preferences.ts';
import { preferencesAtom, preferencesLoadedAtom, savePreference } from '../../state/preferences.ts';
import { levelAtom, sessionLoadedAtom, signedInAtom } from '../../state/session.ts';
import { AddOnPanel } from './add-on-panel.tsx';
import { FieldGroupCard } from './field-group-card.tsx';
import './property-details.css';

export const pageTitle = 'Customise Property View Details';
type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
const saveTexts: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Could not save your change. Please try again.',
};

function schemaKeyOfUrl(): string {
  return new URLSearchParams(location.search).get('schema_key') ?? 'us';
}

function NotFound({
  names,
  prefs,
  onChange,
}: {
  names: string[];
  prefs: ParcelDetailPreferences | undefined;
  onChange: (next: ParcelDetailPreferences) => void;
}) {
  if (names.length === 0) return null;
  return (
    <section className="not-found-fields" data-testid="not-found-fields">
      <h2>Saved fields not in the schema</h2>
      <ul>
        {names.map((name) => (
          <li key={name} data-field={name}>
            <span>not found: {name}</span>{' '}
            <button type="button" className="link-button small" onClick={() => onChange(withoutField(prefs, name))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PropertyDetailsPage() {
  const schemaKey = schemaKeyOfUrl();
  const [catalog, setCatalog] = useState<FieldCatalog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const sessionLoaded = useAtomValue(sessionLoadedAtom);
  const level = useAtomValue(levelAtom);
  const signedIn = useAtomValue(signedInAtom);
  const prefsLoaded = useAtomValue(preferencesLoadedAtom);
  const prefs = useAtomValue(preferencesAtom).parcel_detail_preferences;

  useEffect(() => {
    document.title = `${pageTitle} · Parcel Map`;
  }, []);
  useEffect(() => {
    if (!sessionLoaded) return;
    let live = true;
    getJson<FieldCatalog>('/parcel_fields.json', { schema_key: schemaKey })
      .then((answer) => live && setCatalog(answer))
      .catch((e: unknown) => live && setError((e as Error).message));
    return () => void (live = false);
  }, [schemaKey, sessionLoaded, level]);

  const update = (next: ParcelDetailPreferences) => {
    setSaveState('saving');
    savePreference('parcel_detail_preferences', next).then(
      () => setSaveState('saved'),
      () => setSaveState('failed'),
    );
  };
  const ready = catalog !== null && prefsLoaded;
  const notFound = catalog ? unknownFields(prefs, new Set(catalog.all_fields)) : [];
  return (
    <div className="settings-page" data-testid="property-details-page">
      <main className="settings-main">
        <p className="settings-back">
          <a href="/" data-testid="back-to-map">
            ← Back to the map
          </a>
        </p>
        <h1>{pageTitle}</h1>
        <p className="muted">
          Choose the fields the property details pane shows. Empty fields stay hidden there; premium fields you cannot
          open yet show their unlock badge. Changes save automatically{' '}
          {signedIn ? 'to your account' : 'in this browser'}.
        </p>
        <form method="get" action="/settings/property-details" className="schema-form">
          <label>
            <span>Country schema</span>{' '}
            <select
              name="schema_key"
              data-testid="schema-key"
              defaultValue={schemaKey}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              {(
                catalog?.schemas ?? [
                  { key: 'us', label: 'United States' },
                  { key: 'ca', label: 'Canada' },
                ]
              ).map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="button">
              Show
            </button>
          </noscript>
          <span className="save-state small" role="status" data-testid="save-state" data-state={saveState}>
            {saveTexts[saveState]}
          </span>
        </form>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {!ready && !error && <p className="muted">Loading…</p>}
        {ready && (
          <>
            <NotFound names={notFound} prefs={prefs} onChange={update} />
            <div className="field-groups" data-testid="settings-groups">
              {catalog.groups.map((group) => {
                // Mailing-address parts read as one address in the pane: not listed here.
                const fields = group.fields.filter((f) => !f.mailing);
                return (
                  fields.length > 0 && (
                    <FieldGroupCard key={group.id} group={{ ...group, fields }} prefs={prefs} onChange={update} />
                  )
                );
              })}
            </div>
            <AddOnPanel addOns={catalog.add_ons} prefs={prefs} onChange={update} />
          </>
        )}
      </main>
    </div>
  );
}
