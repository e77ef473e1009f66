// The ArcGIS FeatureServer routes: the service directory (/arcgis/rest/info), each layer's service and
// layer 0 metadata, and its query. Every route parses with the contract, asks the policy, then the
// service, and answers through FeatureServer's own handlers (koop-adapter.ts); every failure answers
// ArcGIS's error envelope. Only GET: no JSONP (`callback` never reaches FeatureServer).
import { Hono, type Context } from 'hono';
import { featureQuery, infoQuery } from '@parcel-map/contracts/map/feature-service';
import { ApiError } from '../../../errors.ts';
import { arcgisErrorResponse, runKoop } from './koop-adapter.ts';
import { featureLayer, type FeatureLayer } from './layers.ts';
import { FeatureService, maxRecordCount, type FeatureServiceDeps } from './service.ts';

export function featureServiceRoutes(deps: FeatureServiceDeps): Hono {
  const app = new Hono();
  const service = new FeatureService(deps);

  const arcgis = (work: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await work(c);
    } catch (error) {
      const answer = arcgisErrorResponse(c, error);
      if (answer) return answer;
      throw error;
    }
  };

  const layerOf = (c: Context): FeatureLayer => {
    const name = c.req.param('layer')!;
    const layer = featureLayer(name);
    if (!layer) throw new ApiError('NOT_FOUND', `Service ${name}/FeatureServer not found`);
    return layer;
  };

  app.get(
    '/arcgis/rest/info',
    arcgis(async (c) => {
      const { f } = infoQuery.parse(c.req.query());
      // Tokens are the account's API tokens, sent as ?token=; there is no generateToken endpoint.
      return runKoop('restInfo', c, { f }, { authInfo: { isTokenBasedSecurity: false } });
    }),
  );

  app.get(
    '/arcgis/rest/services/:layer/FeatureServer',
    arcgis(async (c) => {
      const layer = layerOf(c);
      const access = await service.access(c, layer);
      const { f } = infoQuery.parse(c.req.query());
      const data = await service.layerData(layer, access);
      return runKoop('serverInfo', c, { f }, { layers: [data], maxRecordCount, metadata: data.metadata });
    }),
  );

  app.get(
    '/arcgis/rest/services/:layer/FeatureServer/0',
    arcgis(async (c) => {
      const layer = layerOf(c);
      const access = await service.access(c, layer);
      const { f } = infoQuery.parse(c.req.query());
      return runKoop('layerInfo', c, { f }, await service.layerData(layer, access), '0');
    }),
  );

  app.get(
    '/arcgis/rest/services/:layer/FeatureServer/0/query',
    arcgis(async (c) => {
      const layer = layerOf(c);
      // Who may ask comes before what was asked: a caller without access learns nothing about the input.
      const access = await service.access(c, layer);
      const q = featureQuery.parse(c.req.query());
      const { data, query } = await service.query(layer, access, q);
      return runKoop('query', c, query, data, '0');
    }),
  );

  return app;
}
