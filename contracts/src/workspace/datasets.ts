// Followed datasets (map.md, follow datasets): a stored source (`source:<id>`, a parcel, buildings or
// zoning query) or a catalogue layer (`layer:<id>`), each with whether its user has it on the map.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

export const datasetKey = boundedString(80).regex(
  /^(source:[0-9a-f]{20}|layer:[a-z0-9][a-z0-9_-]{0,59})$/,
  'a dataset is source:<source id> or layer:<catalogue layer id>',
);

/** POST /profile/datasets.json: follow a dataset. */
export const followDatasetBody = z.object({ dataset: datasetKey }).strict();
/** PUT /profile/datasets/{id}.json: show it on the map or remove it from the map. */
export const datasetOnMapBody = z.object({ on_map: z.boolean() }).strict();

export const followedDataset = z.object({
  /** The follow's id (DELETE /notify/follows/{id}.json unfollows it). */
  id: z.number(),
  dataset: z.string(),
  kind: z.enum(['source', 'layer']),
  name: z.string(),
  on_map: z.boolean(),
  /** A catalogue layer's id; a source's layer (parcels, buildings, zoning). */
  layer: z.string(),
  /** A stored source's TileJSON path; null for a catalogue layer (the layers panel draws it). */
  tilejson: z.string().nullable(),
  /** False when the source or layer no longer exists. */
  available: z.boolean(),
  created_at: z.string(),
});
export type FollowedDataset = z.infer<typeof followedDataset>;

export const followedDatasets = z.object({ datasets: z.array(followedDataset), limit: z.number().nullable() });
export type FollowedDatasets = z.infer<typeof followedDatasets>;

export const datasetResult = z.object({ status: z.literal('ok'), dataset: followedDataset });
export type DatasetResult = z.infer<typeof datasetResult>;

/** The messages of showing and removing a dataset (map.md), exactly. */
export const datasetMessages = {
  added: 'Added to map.',
  addFailed: 'Could not add dataset to the map.',
  removed: 'Removed from map.',
  removeFailed: 'Could not remove dataset from the map.',
} as const;
