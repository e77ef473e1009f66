// The answer schemas are data a document can be made from: each converts to JSON Schema (as the OpenAPI
// generator in openapi.ts does), so a whole-API document can list every GET route's answer.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getResponses, pathResponses } from './responses.ts';

describe('the answer schemas of responses.ts', () => {
  it('each convert to a JSON Schema object', () => {
    const schemas: [string, z.ZodType][] = [
      ...Object.entries(getResponses),
      ...pathResponses.map((p): [string, z.ZodType] => [String(p.ending), p.schema]),
    ];
    const failed = schemas.filter(([, schema]) => {
      try {
        const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as {
          type?: string;
          anyOf?: unknown;
          oneOf?: unknown;
        };
        return !(json.type || json.anyOf || json.oneOf);
      } catch {
        return true;
      }
    });
    expect(failed.map(([name]) => name)).toEqual([]);
  });
});
