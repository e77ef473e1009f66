// The follows page's datasets: each followed stored source or catalogue layer with Show on map or
// Remove from map (the spec's messages, on success and on failure) and Unfollow, and a way to follow
// a catalogue layer from here.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { getJson } from '../../api/client.ts';
import { followedDatasetsAtom, type FollowedDataset } from '../../state/datasets.ts';
import { datasetMessages, loadDatasets, setOnMap, unfollowDataset } from './datasets.ts';
import { FollowDatasetButton } from './follow-dataset-button.tsx';

type Say = (message: { text: string; error: boolean }) => void;

export function DatasetRows({ say }: { say: Say }) {
  const datasets = useAtomValue(followedDatasetsAtom);
  const [layers, setLayers] = useState<CatalogueLayer[]>([]);
  useEffect(() => {
    loadDatasets().catch((error: unknown) => say({ text: (error as Error).message, error: true }));
    getJson<CatalogueLayer[]>('/api/v1/layers.json')
      .then(setLayers)
      .catch(() => setLayers([]));
  }, [say]);

  const toggle = async (dataset: FollowedDataset) => {
    const show = !dataset.on_map;
    try {
      await setOnMap(dataset, show);
      say({ text: show ? datasetMessages.added : datasetMessages.removed, error: false });
    } catch {
      say({ text: show ? datasetMessages.addFailed : datasetMessages.removeFailed, error: true });
    }
  };
  const unfollow = async (dataset: FollowedDataset) => {
    try {
      await unfollowDataset(dataset.id);
      say({ text: 'Unfollowed.', error: false });
    } catch {
      say({ text: 'Could not unfollow.', error: true });
    }
  };
  const unfollowed = layers.filter((l) => !datasets.some((d) => d.dataset === `layer:${l.id}`));

  return (
    <section className="account-card" data-testid="followed-datasets">
      <h2>Datasets</h2>
      {datasets.length === 0 && <p className="muted">You are not following any datasets yet.</p>}
      <ul className="follows-rows">
        {datasets.map((d) => (
          <li key={d.id} data-testid="followed-dataset">
            <span>
              {d.name}
              {d.on_map && <span className="muted small"> · on the map</span>}
              {!d.available && <span className="muted small"> · no longer available</span>}
            </span>
            <span className="follows-row-buttons">
              <button type="button" className="button" onClick={() => void toggle(d)}>
                {d.on_map ? 'Remove from map' : 'Show on map'}
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Unfollow ${d.name}`}
                onClick={() => void unfollow(d)}
              >
                Unfollow
              </button>
            </span>
          </li>
        ))}
      </ul>
      {unfollowed.length > 0 && (
        <details>
          <summary>Follow a map layer</summary>
          <ul className="follows-rows">
            {unfollowed.map((l) => (
              <li key={l.id}>
                <span>{l.name}</span>
                <FollowDatasetButton dataset={`layer:${l.id}`} name={l.name} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
