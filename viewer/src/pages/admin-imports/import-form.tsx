// Upload a parcel file (streamed to the server) and start its import into a place, with a mapping
// (JSON, schema field -> source column) or none, in which case the import proposes one.
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { parseMapping, placeSuggestions, startImport, uploadFile, type PlaceSuggestion } from './api.ts';

export function ImportForm(props: { onStarted: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [place, setPlace] = useState('');
  const [srs, setSrs] = useState('');
  const [layer, setLayer] = useState('');
  const [mappingText, setMappingText] = useState('');
  const [dryRun, setDryRun] = useState(true);
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // Real places named like an unknown one (the server's 400): one click puts the path in the form.
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);

  const submit = async () => {
    if (!file) return;
    const { mapping, error } = parseMapping(mappingText);
    if (error) return setMessage({ text: error, error: true });
    setMessage(null);
    setSuggestions([]);
    try {
      setBusy('Uploading...');
      const uploaded = await uploadFile(file);
      setBusy('Starting...');
      const run = await startImport({
        upload: uploaded.upload,
        place,
        mapping,
        dry_run: dryRun,
        replace,
        ...(srs ? { srs } : {}),
        ...(layer ? { layer } : {}),
      });
      setMessage({
        text: `Import ${run.id} of ${file.name} into ${place} started${dryRun ? ' (dry run)' : ''}.`,
        error: false,
      });
      props.onStarted();
    } catch (caught) {
      setMessage({ text: caught instanceof ApiError ? caught.message : (caught as Error).message, error: true });
      setSuggestions(placeSuggestions(caught));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form
      className="account-form import-form"
      data-testid="import-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        Parcel file (zipped Shapefile, GeoPackage, GeoJSON, zipped File Geodatabase, CSV with a WKT column)
        <input type="file" data-testid="import-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <label>
        Place
        <input
          type="text"
          data-testid="import-place"
          placeholder="/us/ma/middlesex/somerville"
          value={place}
          onChange={(e) => setPlace(e.target.value.trim())}
        />
      </label>
      <label>
        Coordinate system, only when the file has none (optional)
        <input
          type="text"
          data-testid="import-srs"
          placeholder="EPSG:2249"
          value={srs}
          onChange={(e) => setSrs(e.target.value.trim())}
        />
      </label>
      <label>
        Layer, only when the file has several polygon layers (optional)
        <input
          type="text"
          data-testid="import-layer"
          placeholder="parcels"
          value={layer}
          onChange={(e) => setLayer(e.target.value.trim())}
        />
      </label>
      <label>
        Mapping (optional JSON; empty: a mapping is proposed and shown in the report)
        <textarea
          data-testid="import-mapping"
          rows={4}
          placeholder='{"parcelnumb": "APN", "owner": "OWNER1"}'
          value={mappingText}
          onChange={(e) => setMappingText(e.target.value)}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="import-dry-run"
          checked={dryRun}
          onChange={(e) => setDryRun(e.target.checked)}
        />{' '}
        Dry run (check and report, change nothing)
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="import-replace"
          checked={replace}
          onChange={(e) => setReplace(e.target.checked)}
        />{' '}
        Replace the parcels of an earlier import of this place
      </label>
      {message && (
        <p role="status" className={message.error ? 'error' : 'follow-message'}>
          {message.text}
        </p>
      )}
      {suggestions.length > 0 && (
        <p className="place-suggestions" data-testid="place-suggestions">
          {suggestions.map((s) => (
            <button
              key={s.path}
              type="button"
              onClick={() => {
                setPlace(s.path);
                setSuggestions([]);
                setMessage(null);
              }}
            >
              Use {s.path} ({s.headline})
            </button>
          ))}
        </p>
      )}
      <button type="submit" className="primary" data-testid="import-start" disabled={!file || !place || busy !== null}>
        {busy ?? 'Upload and import'}
      </button>
    </form>
  );
}
