// The product areas, in the order app.ts mounts them. The order is load-bearing: map's catch-all
// place routes (filters.json, sources.json) must come after workspace's /sources.json.
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
