// The route registry answers with the same zod schemas as responses.ts: the contract test
// (tileserver/src/reliability/contracts.test.ts) parses every GET route's real answer with those, so
// each documented JSON answer is checked against the real app by that test too.
import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes.ts';
import { getResponses, pathResponses } from './responses.ts';

/** A Hono pattern as an OpenAPI template: /surveys/:id{[0-9]+\.json} -> /surveys/{id}. */
const template = (pattern: string) => pattern.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

describe('the route registry', () => {
  it('answers each GET route with the schema responses.ts checks its real answers with', () => {
    const byTemplate = new Map(Object.entries(getResponses).map(([key, schema]) => [template(key), schema]));
    let compared = 0;
    for (const route of apiRoutes) {
      const documented = route.answers['200']?.schema;
      const key = `GET ${route.path}`;
      if (route.method !== 'get' || !documented) continue;
      if (route.servedBy) {
        const ending = pathResponses.find((p) => p.ending.test(route.path.replace('{parcel}', 'us/ma/x/1')));
        expect(documented, key).toBe(ending?.schema);
        compared++;
      } else if (byTemplate.has(key)) {
        expect(documented, key).toBe(byTemplate.get(key));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(25);
  });

  it('names each operation once', () => {
    const ids = apiRoutes.map((r) => r.operationId);
    expect(ids.length).toBe(new Set(ids).size);
  });
});
