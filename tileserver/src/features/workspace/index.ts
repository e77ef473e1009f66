// The workspace area's routes: preferences, feedback, projects, follows, imagery and surveys.
import { Hono } from 'hono';
import type { Services } from '../../services.ts';
import { datasetRoutes } from './follows/dataset-routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { followRoutes } from './follows/routes.ts';
import { imageryRoutes } from './imagery/routes.ts';
import { preferenceRoutes } from './preferences/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { surveyRoutes } from './surveys/routes.ts';

export function routes(services: Services): Hono {
  const app = new Hono();
  app.route('/', preferenceRoutes(services));
  app.route('/', feedbackRoutes(services));
  app.route('/', projectRoutes(services));
  app.route('/', datasetRoutes(services));
  app.route('/', followRoutes(services));
  app.route('/', imageryRoutes(services));
  app.route('/', surveyRoutes(services));
  return app;
}
