// The feature service's work between the routes and the SQL: the caller's access to a layer, the layer's
// metadata as FeatureServer reads it (fields of the caller's plan, extent, paging), and a query run in
// PostGIS (where, geometry, projection, order, offset and page size pushed down) whose rows are handed
// to FeatureServer with `filtersApplied` naming all of that, so it only formats them (Esri JSON, GeoJSON
// or PBF, on a formatting worker: koop-pool.ts) and filters nothing again in memory. Parcels returned
// are metered like /api/v2, and so are the answers that classify parcels without returning them (N3):
// returnIdsOnly spends one record per id and answers at most the records left (exceededTransferLimit
// when more match), returnCountOnly and returnExtentOnly spend one record each. The flood, wetland and
// zoning layers are not metered (their tiles are not either).
import type { Context } from 'hono';
import type { FeatureQuery } from '@parcel-map/contracts/map/feature-service';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import type { UsageMeter } from '../../../metering/usage-meter.ts';
import type { ApiGate } from '../../commerce/api-plans/standing.ts';
import { koopFields, type FeatureLayer } from './layers.ts';
import { layerAccess, type LayerAccess } from './policy.ts';
import { countAndExtent, countRows, featurePage, layerExtent, objectIds, type Selection } from './queries.ts';
import { orderOf, outFieldsOf, spatialFilter, wkidOf } from './query-params.ts';
import { fieldIndex, whereSql } from './where-sql.ts';

export const maxRecordCount = 2000;
/** returnIdsOnly answers at most this many ids (ArcGIS servers cap them too). */
export const maxObjectIds = 200_000;
const extentTtlMs = 60_000;

export interface FeatureServiceDeps {
  sql: Sql;
  callers: CallerResolver;
  gate: ApiGate;
  meter: UsageMeter;
}

type Box = [number, number, number, number];

/**
 * What FeatureServer is handed: GeoJSON with the layer's metadata (its features, when a page, as one JSON
 * array text), the query it may still read, and JSON keys it does not write itself.
 */
export interface KoopInput {
  data: Record<string, unknown>;
  query: Record<string, string>;
  featuresJson?: string;
  extras?: Record<string, unknown>;
}

const recordsUsedUp = () => new ApiError('TOO_MANY_REQUESTS', "This month's records of your API plan are used up");

export class FeatureService {
  private readonly extents = new Map<string, { at: number; box: Box | null }>();
  /** The last query of each metered account, which its next one waits for. */
  private readonly lanes = new Map<number, Promise<void>>();

  constructor(private readonly deps: FeatureServiceDeps) {}

  /** `formToken`: the token field of a posted query form. */
  async access(c: Context, layer: FeatureLayer, formToken?: string): Promise<LayerAccess> {
    const caller = await this.deps.callers.of(c, formToken);
    return layerAccess(layer, caller, () => this.deps.gate.assert(caller));
  }

  private async extent(layer: FeatureLayer): Promise<Box | null> {
    const cached = this.extents.get(layer.table);
    if (cached && Date.now() - cached.at < extentTtlMs) return cached.box;
    const box = await layerExtent(this.deps.sql, layer);
    this.extents.set(layer.table, { at: Date.now(), box });
    return box;
  }

  /** The layer as FeatureServer's metadata handlers read it (no features). */
  async layerData(layer: FeatureLayer, access: LayerAccess): Promise<Record<string, unknown>> {
    const [xmin, ymin, xmax, ymax] = (await this.extent(layer)) ?? [-180, -90, 180, 90];
    return {
      type: 'FeatureCollection',
      features: [],
      metadata: {
        name: layer.title,
        description: layer.description,
        copyrightText: layer.copyright,
        geometryType: 'Polygon',
        idField: 'OBJECTID',
        displayField: 'OBJECTID',
        fields: koopFields(access.fields),
        extent: { xmin, ymin, xmax, ymax, spatialReference: { wkid: 4326, latestWkid: 4326 } },
        maxRecordCount,
        supportsPagination: true,
        capabilities: 'Query',
        hasStaticData: false,
        supportedQueryFormats: 'JSON,geojson,PBF',
      },
    };
  }

  /**
   * Runs a layer query in PostGIS; the answer is formatted by FeatureServer's query handler. A metered
   * account's queries run one at a time, each with the records left after the one before (the meter's
   * unflushed counts included): parallel requests could otherwise each spend the same records left (N3).
   */
  async query(layer: FeatureLayer, access: LayerAccess, q: FeatureQuery): Promise<KoopInput> {
    const groupId = access.groupId;
    if (groupId === null) return this.run(layer, access, q);
    return this.serially(groupId, async () => {
      const standing = await this.deps.gate.standing(groupId, undefined);
      const recordsLeft = Math.min(access.recordsLeft, standing?.recordsLeft ?? 0);
      return this.run(layer, { ...access, recordsLeft }, q);
    });
  }

  private async serially<T>(groupId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.lanes.get(groupId) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.lanes.set(groupId, tail);
    try {
      return await run;
    } finally {
      if (this.lanes.get(groupId) === tail) this.lanes.delete(groupId);
    }
  }

  private async run(layer: FeatureLayer, access: LayerAccess, q: FeatureQuery): Promise<KoopInput> {
    const { sql } = this.deps;
    const index = fieldIndex(access.fields);
    const selection: Selection = {
      layer,
      where: whereSql(sql, q.where, index),
      spatial: spatialFilter(q),
      counties: access.counties,
      ids: q.objectIds === undefined ? undefined : q.objectIds.split(',').map((id) => Number(id.trim())),
    };
    const outSr = wkidOf('outSR', q.outSR, 4326);
    const outFields = outFieldsOf(q.outFields, access.fields, index);
    const order = orderOf(q.orderByFields, index);
    const base = await this.layerData(layer, access);
    const metadata = base.metadata as Record<string, unknown>;
    const query: Record<string, string> = { f: q.f, outSR: String(outSr) };
    // For f=geojson FeatureServer hands the features through winnow unless told that everything is done
    // (`all`), and winnow's GeoJSON loses each feature's `type` (the conformance suite found it): the
    // features here are already final GeoJSON. Esri JSON and PBF still need FeatureServer's conversion.
    const filtersApplied = {
      where: true,
      geometry: true,
      projection: true,
      offset: true,
      limit: true,
      all: q.f === 'geojson',
    };

    // Counts and extents are aggregates: one record each (a count budget per minute would leave a
    // month's classification unbounded; one record a question bounds it by the plan's records, and a
    // count or an extent is worth at least the one record an ordinary page of one would cost). Ids are
    // a parcel each, like a page of features without their fields.
    const metered = access.groupId !== null;
    const spend = (records: number) => {
      if (metered && records > 0) this.deps.meter.countRecords(access.groupId!, records);
    };
    if ((q.returnExtentOnly || q.returnCountOnly || q.returnIdsOnly) && metered && access.recordsLeft < 1)
      throw recordsUsedUp();

    if (q.returnExtentOnly) {
      // ArcGIS answers NaN bounds when nothing matches.
      const { count, box } = await countAndExtent(sql, selection, outSr);
      spend(1);
      const [xmin, ymin, xmax, ymax] = box ?? ['NaN', 'NaN', 'NaN', 'NaN'];
      const extent = { xmin, ymin, xmax, ymax, spatialReference: { wkid: outSr, latestWkid: outSr } };
      const both = q.returnCountOnly === true;
      return {
        data: { ...base, extent, ...(both ? { count } : {}), filtersApplied },
        query: { ...query, returnExtentOnly: 'true', ...(both ? { returnCountOnly: 'true' } : {}) },
      };
    }
    if (q.returnCountOnly) {
      const count = await countRows(sql, selection);
      spend(1);
      return { data: { ...base, count, filtersApplied }, query: { ...query, returnCountOnly: 'true' } };
    }
    if (q.returnIdsOnly) {
      // At most the records left, read one longer to know whether more match: the rest are refused as
      // ArcGIS refuses past a transfer limit (exceededTransferLimit), not silently dropped.
      const cap = Math.min(maxObjectIds, access.recordsLeft);
      const ids = await objectIds(sql, selection, cap + 1);
      const more = ids.length > cap;
      const answered = more ? ids.slice(0, cap) : ids;
      spend(answered.length);
      const features = answered.map((id) => `{"type":"Feature","geometry":null,"properties":{"OBJECTID":${id}}}`);
      return {
        data: { ...base, filtersApplied },
        featuresJson: `[${features.join(',')}]`,
        query: { ...query, returnIdsOnly: 'true' },
        ...(more ? { extras: { exceededTransferLimit: true } } : {}),
      };
    }
    const limit = Math.min(q.resultRecordCount ?? maxRecordCount, maxRecordCount, access.recordsLeft);
    if (limit <= 0) throw recordsUsedUp();
    const returnGeometry = q.returnGeometry ?? true;
    const { rows, more } = await featurePage(sql, selection, {
      fields: outFields,
      order,
      offset: q.resultOffset ?? 0,
      limit,
      outSr,
      returnGeometry,
    });
    spend(rows.length);
    return {
      data: { ...base, metadata: { ...metadata, exceededTransferLimit: more }, filtersApplied },
      featuresJson: `[${rows.map((row) => row.feature).join(',')}]`,
      query: {
        ...query,
        outFields: ['OBJECTID', ...outFields.map((f) => f.name)].join(','),
        returnGeometry: String(returnGeometry),
      },
    };
  }
}
