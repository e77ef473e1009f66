// The product areas, in the order app.ts mounts them. Hono tries routes in that order, so it matters:
// map's catch-all place route for `<place>/filters.json` and `<place>/sources.json` would take
// workspace's `/sources.json` if map came first.
import type { Hono } from 'hono';
import type { Services } from '../services.ts';
import * as commerce from './commerce/index.ts';
import * as map from './map/index.ts';
import * as ops from './ops/index.ts';
import * as people from './people/index.ts';
import * as workspace from './workspace/index.ts';

export interface Area {
  name: string;
  routes: (services: Services) => Hono;
}

export const areas: Area[] = [
  { name: 'ops', routes: ops.routes },
  { name: 'people', routes: people.routes },
  { name: 'workspace', routes: workspace.routes },
  { name: 'commerce', routes: commerce.routes },
  { name: 'map', routes: map.routes },
];
