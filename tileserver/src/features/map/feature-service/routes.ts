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
  const features = new FeatureService(deps);

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

  // Every name reaches the handler, so an unknown service is ArcGIS's 404 (a regex of the names in the
  // pattern let other names fall through to the app's wildcard route).
  const service = '/arcgis/rest/services/:layer/FeatureServer';

  app.get(
    service,
    arcgis(async (c) => {
      const layer = layerOf(c);
      const access = await features.access(c, layer);
      const { f } = infoQuery.parse(c.req.query());
      const data = await features.layerData(layer, access);
      return runKoop('serverInfo', c, { f }, { layers: [data], maxRecordCount, metadata: data.metadata });
    }),
  );

  app.get(
    `${service}/0`,
    arcgis(async (c) => {
      const layer = layerOf(c);
      const access = await features.access(c, layer);
      const { f } = infoQuery.parse(c.req.query());
      return runKoop('layerInfo', c, { f }, await features.layerData(layer, access), '0');
    }),
  );

  app.get(
    `${service}/0/query`,
    arcgis(async (c) => {
      const layer = layerOf(c);
      // Who may ask comes before what was asked: a caller without access learns nothing about the input.
      const access = await features.access(c, layer);
      const q = featureQuery.parse(c.req.query());
      const { data, query } = await features.query(layer, access, q);
      return runKoop('query', c, query, data, '0');
    }),
  );

  // Any other /arcgis address (another service name, layer 1, applyEdits, ...) is ArcGIS's 404.
  app.get(
    '/arcgis/*',
    arcgis(async () => {
      throw new ApiError('NOT_FOUND', 'Service not found');
    }),
  );

  return app;
}
