// Followed datasets against the server: load them, follow one, show it on the map or remove it, and
// unfollow. Showing a catalogue layer switches that layer on (the layers panel's shared state), and a
// signed-in user's shown layers are switched on when the map loads, so the choice survives a reload.
import type { DatasetResult, FollowedDatasets } from '@parcel-map/contracts/workspace/datasets';
import { getJson, sendJson } from '../../api/client.ts';
import { followedDatasetsAtom, type FollowedDataset } from '../../state/datasets.ts';
import { activeLayersAtom } from '../../state/layers.ts';
import { sessionAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';

export { datasetMessages } from '@parcel-map/contracts/workspace/datasets';

const replace = (dataset: FollowedDataset) =>
  store.set(followedDatasetsAtom, (list) => [dataset, ...list.filter((d) => d.id !== dataset.id)]);

export async function loadDatasets(): Promise<FollowedDataset[]> {
  if (!store.get(sessionAtom).user) {
    store.set(followedDatasetsAtom, []);
    return [];
  }
  const { datasets } = await getJson<FollowedDatasets>('/profile/datasets.json');
  store.set(followedDatasetsAtom, datasets);
  return datasets;
}

export async function followDataset(dataset: string): Promise<FollowedDataset> {
  const answer = await sendJson<DatasetResult>('POST', '/profile/datasets.json', { dataset });
  replace(answer.dataset);
  return answer.dataset;
}

export async function unfollowDataset(id: number): Promise<void> {
  await sendJson('DELETE', `/notify/follows/${id}.json`);
  store.set(followedDatasetsAtom, (list) => list.filter((d) => d.id !== id));
}

/** Shows a dataset on the map or removes it; rejects (the list unchanged) when the server refuses. */
export async function setOnMap(dataset: FollowedDataset, onMap: boolean): Promise<void> {
  const answer = await sendJson<DatasetResult>('PUT', `/profile/datasets/${dataset.id}.json`, { on_map: onMap });
  store.set(followedDatasetsAtom, (list) => list.map((d) => (d.id === dataset.id ? answer.dataset : d)));
  if (dataset.kind === 'layer') switchLayer(dataset.layer, onMap);
}

function switchLayer(id: string, on: boolean): void {
  const active = store.get(activeLayersAtom);
  if (on && !active.includes(id)) store.set(activeLayersAtom, [...active, id]);
  if (!on && active.includes(id))
    store.set(
      activeLayersAtom,
      active.filter((a) => a !== id),
    );
}

let watching = false;
/** On the map: loads the datasets for each signed-in user and switches their shown layers on. */
export function watchDatasets(): void {
  if (watching) return;
  watching = true;
  let user: number | undefined;
  const load = () => {
    const next = store.get(sessionAtom).user?.id;
    if (next === user) return;
    user = next;
    loadDatasets()
      .then((list) => list.filter((d) => d.kind === 'layer' && d.on_map).forEach((d) => switchLayer(d.layer, true)))
      .catch((error: unknown) => console.warn(`datasets: ${(error as Error).message}`));
  };
  load();
  store.sub(sessionAtom, load);
}
