// Followed datasets (map.md: "A dataset can be shown on the map or removed (follow datasets)"): follow
// a stored source or a catalogue layer, list them with whether each is on the map, show one on the map
// or remove it (remembered per user, so it survives a reload), unfollow through DELETE
// /notify/follows/{id}.json like any follow. They count toward the plan's follows limit.
import { Hono, type Context } from 'hono';
import { requireSession, type CallerResolver, type SessionCaller } from '../../../auth/caller.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import {
  datasetOnMapBody,
  followDatasetBody,
  type DatasetResult,
  type FollowedDataset,
  type FollowedDatasets,
} from '@parcel-map/contracts/workspace/datasets';
import { followId } from '@parcel-map/contracts/workspace/follows';
import { additionalLayers } from '../../map/layers/catalog.ts';
import {
  datasetFollow,
  datasetFollowByPath,
  datasetFollows,
  setOnMap,
  storedSourceExists,
  type DatasetRow,
} from './dataset-queries.ts';
import { followLimit } from './policy.ts';
import { addFollow } from './queries.ts';

const sourceNames: Record<string, string> = { parcels: 'Parcel', buildings: 'Buildings', zoning: 'Zoning' };

/** The answer shape of one followed dataset. */
export function datasetOf(row: DatasetRow): FollowedDataset {
  const [kind, key] = row.path.split(':') as ['source' | 'layer', string];
  const base = { id: row.id, dataset: row.path, kind, on_map: row.on_map, created_at: row.created_at.toISOString() };
  if (kind === 'layer') {
    const layer = additionalLayers.find((l) => l.id === key);
    return { ...base, name: layer?.name ?? key, layer: key, tilejson: null, available: layer !== undefined };
  }
  const layer = row.source_layer ?? 'parcels';
  return {
    ...base,
    // A deleted source no longer says what it selected.
    name: row.source_layer ? `${sourceNames[layer]} source ${key.slice(0, 8)}` : `Source ${key.slice(0, 8)}`,
    layer,
    tilejson: `/api/v1/sources/${key}.json`,
    available: row.source_layer !== null,
  };
}

export function datasetRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  const { sql } = deps;
  const signedIn = async (c: Context): Promise<SessionCaller> => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    return caller;
  };
  const exists = async (dataset: string): Promise<boolean> => {
    const [kind, key] = dataset.split(':') as [string, string];
    return kind === 'layer' ? additionalLayers.some((l) => l.id === key) : storedSourceExists(sql, key);
  };

  app.get('/profile/datasets.json', async (c) => {
    const caller = await signedIn(c);
    const answer: FollowedDatasets = {
      datasets: (await datasetFollows(sql, caller.user.id)).map(datasetOf),
      limit: followLimit(deps.config, caller.level) ?? null,
    };
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/profile/datasets.json', async (c) => {
    const caller = await signedIn(c);
    const { dataset } = await requestBody(c, followDatasetBody);
    if (!(await exists(dataset))) throw new ApiError('NOT_FOUND', 'No such dataset');
    const limit = followLimit(deps.config, caller.level);
    const added = await addFollow(
      sql,
      { userId: caller.user.id, kind: 'dataset', path: dataset, sourceId: 'datasets' },
      limit,
    );
    if (added === 'full')
      throw new ApiError(
        'CONFLICT',
        `Your plan allows ${limit} follows. Unfollow something or upgrade your plan to follow more.`,
        { limit, need: caller.level === 'pro' ? 'team' : 'pro' },
      );
    const row = (await datasetFollowByPath(sql, caller.user.id, dataset))!;
    const answer: DatasetResult = { status: 'ok', dataset: datasetOf(row) };
    return c.json(answer, added === 'added' ? 201 : 200);
  });

  // Showing needs the dataset to exist still (a deleted source cannot be drawn); removing never does.
  app.put('/profile/datasets/:id{[0-9]+\\.json}', async (c) => {
    const caller = await signedIn(c);
    const parsed = followId.safeParse(c.req.param('id')!.replace(/\.json$/, ''));
    const { on_map } = await requestBody(c, datasetOnMapBody);
    const row = parsed.success ? await datasetFollow(sql, caller.user.id, parsed.data) : undefined;
    if (!row) throw new ApiError('NOT_FOUND', 'No such followed dataset');
    if (on_map && !(await exists(row.path))) throw new ApiError('NOT_FOUND', 'This dataset no longer exists');
    await setOnMap(sql, caller.user.id, row.id, on_map);
    const answer: DatasetResult = { status: 'ok', dataset: datasetOf({ ...row, on_map }) };
    return c.json(answer);
  });

  return app;
}
