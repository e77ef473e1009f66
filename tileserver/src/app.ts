// createApp: the middleware, each area's routes over one services object, and the error handler. No
// port here, so tests call app.request(). Wiring only: what a route does lives in its feature.
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { allowedHosts, clientAddresses } from './auth/client-address.ts';
import { ApiError, errorBody } from './errors.ts';
import { areas } from './features/index.ts';
import { compressJson } from './http/compress-json.ts';
import { answersBodyErrors, readsBodyBeforeGate, routeGate } from './http/app-api-gate.ts';
import { mountCors } from './http/cors.ts';
import { handleError } from './http/error-handler.ts';
import { expensiveRateLimits } from './http/rate-limits.ts';
import { readBodyFirst } from './http/request-body.ts';
import { securityHeaders } from './http/security-headers.ts';
import { mountViewer } from './http/viewer-static.ts';
import { createServices, type AppDeps, type Services } from './services.ts';

/** The app over services built once (main.ts, tests that share the tile context), or over deps it builds them from. */
export function createApp(deps: AppDeps | Services): Hono {
  const services = 'callers' in deps ? deps : createServices(deps);
  const { config, logger } = services;
  const app = new Hono();
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.debug(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });

  app.use('*', securityHeaders(config));
  app.use('*', compressJson());
  app.use('*', allowedHosts(config));
  app.use('*', clientAddresses(config));
  app.use('*', services.metrics.middleware());
  mountCors(app);
  // Before the gate: a request over its rate limit never takes a connection slot.
  app.use('*', expensiveRateLimits(config));
  // Before the gate too: a body still arriving (slowly, or without end) holds no slot.
  app.use('*', readBodyFirst(readsBodyBeforeGate, answersBodyErrors));
  // Which path waits at which gate: the one table in http/route-gates.ts.
  app.use('*', routeGate(config, { app: services.appGate, gis: services.gisGate }));
  for (const area of areas) app.route('/', area.routes(services));

  if (services.viewerDir) mountViewer(app, services.viewerDir);

  app.notFound((c) => {
    const error = new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`);
    return c.json(errorBody(error, c.get('requestId')), 404);
  });
  app.onError(handleError(logger));
  return app;
}
