// The datasets on the map an export can carry beside its parcels: followed datasets shown on the map
// (stored buildings or zoning sources, catalogue layers) and the catalogue layers switched on in the
// layers panel. Each chosen one is its own table in the file; the server counts its features.
import { useAtomValue } from 'jotai';
import { followedDatasetsAtom } from '../../state/datasets.ts';
import { activeLayersAtom } from '../../state/layers.ts';
import { catalogueAtom } from '../../state/server-config.ts';

export interface ExportableDataset {
  /** The export query's key: source:<id> or layer:<id>. */
  key: string;
  name: string;
}

/** The datasets on the map that exports accept (parcel sources are the parcels' own filters). */
export function useExportableDatasets(): ExportableDataset[] {
  const followed = useAtomValue(followedDatasetsAtom);
  const active = useAtomValue(activeLayersAtom);
  const catalogue = useAtomValue(catalogueAtom);
  const out = new Map<string, string>();
  for (const d of followed)
    if (d.on_map && d.available && !(d.kind === 'source' && d.layer === 'parcels')) out.set(d.dataset, d.name);
  for (const id of active) {
    const layer = catalogue.find((l) => l.id === id);
    if (layer && !out.has(`layer:${id}`)) out.set(`layer:${id}`, layer.name);
  }
  return [...out].map(([key, name]) => ({ key, name }));
}

export function ExportDatasets(props: {
  datasets: ExportableDataset[];
  chosen: string[];
  onChange: (keys: string[]) => void;
  counts?: { name: string; count: number }[];
}) {
  if (props.datasets.length === 0) return null;
  return (
    <fieldset className="export-datasets" data-testid="export-datasets">
      <legend className="small">Datasets on the map (each exported as its own table, free)</legend>
      {props.datasets.map((d) => (
        <label key={d.key} className="small">
          <input
            type="checkbox"
            data-testid={`export-dataset-${d.key}`}
            checked={props.chosen.includes(d.key)}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...props.chosen, d.key] : props.chosen.filter((k) => k !== d.key))
            }
          />{' '}
          {d.name}
          {props.counts && props.chosen.includes(d.key) && (
            <span className="muted" data-testid={`export-dataset-count-${d.key}`}>
              {' '}
              ({(props.counts[props.chosen.indexOf(d.key)]?.count ?? 0).toLocaleString('en-US')} features)
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
