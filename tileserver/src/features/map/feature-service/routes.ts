// The ArcGIS FeatureServer routes: the service directory (/arcgis/rest/info), each layer's service and
// layer 0 metadata, and its query. Every route parses with the contract, asks the policy, then the
// service, and answers through FeatureServer's own handlers (koop-adapter.ts); every failure answers
// ArcGIS's error envelope. GET, and POST of the query with a form body (ArcGIS clients post long where
// clauses): the same parameters, the body's over the URL's. No JSONP (`callback` never reaches FeatureServer).
import { Hono, type Context } from 'hono';
import { featureQuery, infoQuery } from '@parcel-map/contracts/map/feature-service';
import { ApiError } from '../../../errors.ts';
import { bodyLimit, readBoundedBody } from '../../../http/request-body.ts';
import { AnswerCache, fromResponse, queryKey, toResponse } from './answer-cache.ts';
import { arcgisErrorResponse, runKoop, runKoopQuery } from './koop-adapter.ts';
import { featureLayer, type FeatureLayer } from './layers.ts';
import { FeatureService, maxRecordCount, type FeatureServiceDeps } from './service.ts';

/** A posted query form: room for the longest parameters the contract admits (objectIds), URL-encoded. */
export const maxQueryFormBytes = 512 * 1024;

/**
 * The fields of a posted query form, read within the route's body limit. Only form bodies are taken;
 * another kind is refused by the caller of this after the access check (`unsupported`).
 */
async function postedForm(c: Context): Promise<{ fields: Record<string, string>; unsupported: boolean }> {
  const body = await readBoundedBody(c);
  if (body.byteLength === 0) return { fields: {}, unsupported: false };
  if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
    return { fields: {}, unsupported: true };
  return { fields: Object.fromEntries(new URLSearchParams(Buffer.from(body).toString('utf8'))), unsupported: false };
}

export function featureServiceRoutes(deps: FeatureServiceDeps): Hono {
  const app = new Hono();
  const features = new FeatureService(deps);
  const answers = new AnswerCache();

  /** `sent.token`: the token of a posted form, so that an error can say whether one came. */
  type Work = (c: Context, sent: { token?: string }) => Promise<Response>;
  const arcgis = (work: Work) => async (c: Context) => {
    const sent: { token?: string } = {};
    try {
      return await work(c, sent);
    } catch (error) {
      const answer = arcgisErrorResponse(c, error, sent.token);
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

  const query: Work = async (c, sent) => {
    const layer = layerOf(c);
    const form = c.req.method === 'POST' ? await postedForm(c) : { fields: {}, unsupported: false };
    sent.token = form.fields.token;
    // Who may ask comes before what was asked: a caller without access learns nothing about the input.
    const access = await features.access(c, layer, form.fields.token);
    if (form.unsupported)
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Post the query as application/x-www-form-urlencoded');
    const q = featureQuery.parse({ ...c.req.query(), ...form.fields });
    if (layer.table === 'parcels') return runKoopQuery(c, await features.query(layer, access, q));
    // A static layer: callers reading the same fields share one answer of the same query (answer-cache.ts).
    const key = `${layer.name}|${access.fields.map((f) => f.name).join(',')}|${queryKey({ ...q, token: undefined })}`;
    return toResponse(
      await answers.get(key, async () => fromResponse(await runKoopQuery(c, await features.query(layer, access, q)))),
    );
  };
  app.get(`${service}/0/query`, arcgis(query));
  app.post(`${service}/0/query`, bodyLimit(maxQueryFormBytes), arcgis(query));

  // Any other /arcgis address (another service name, layer 1, applyEdits, ...) is ArcGIS's 404.
  app.get(
    '/arcgis/*',
    arcgis(async () => {
      throw new ApiError('NOT_FOUND', 'Service not found');
    }),
  );

  return app;
}
