// An OpenAPI 3.1 document generated from contract schemas: each operation names its zod query schema
// and its answer's component schema; errors answer with the one error envelope of errors.ts. A feature
// lists its operations and calls openApiDocument, so the document cannot drift from what routes parse.
import { z } from 'zod';
import { errorBody } from './errors.ts';

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  query?: z.ZodObject;
  /** Parameters a zod object cannot state (deepObject filters such as fields[name]=value), listed after the query's. */
  extraParameters?: object[];
  /** The answer: a component schema by name, or any JSON object when there is none. */
  response: { description: string; schema?: string };
  /** Error statuses and what each means; all answer with the Error component. */
  errors?: Record<string, string>;
  security?: Record<string, string[]>[];
}

export interface DocumentParts {
  info: { title: string; version: string; description: string };
  serverUrl: string;
  operations: Operation[];
  /** Answer schemas by component name (Error is added). */
  schemas: Record<string, z.ZodType>;
  securitySchemes?: Record<string, object>;
}

function parameters(operation: Operation): object[] {
  const list: object[] = [];
  if (operation.query) {
    const schema = z.toJSONSchema(operation.query, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { description?: string }>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(schema.properties)) {
      list.push({
        name,
        in: 'query',
        required: schema.required?.includes(name) ?? false,
        description: property.description,
        schema: property,
      });
    }
  }
  return [...list, ...(operation.extraParameters ?? [])];
}

const jsonContent = (schema: object) => ({ 'application/json': { schema } });

export function openApiDocument(parts: DocumentParts) {
  const paths: Record<string, Record<string, object>> = {};
  for (const operation of parts.operations) {
    const answer = operation.response.schema
      ? { $ref: `#/components/schemas/${operation.response.schema}` }
      : { type: 'object' };
    const responses: Record<string, object> = {
      '200': { description: operation.response.description, content: jsonContent(answer) },
    };
    for (const [status, description] of Object.entries(operation.errors ?? {})) {
      responses[status] = { description, content: jsonContent({ $ref: '#/components/schemas/Error' }) };
    }
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      parameters: parameters(operation),
      responses,
      ...(operation.security ? { security: operation.security } : {}),
    };
  }
  const schemas: Record<string, object> = {};
  for (const [name, schema] of Object.entries({ ...parts.schemas, Error: errorBody }))
    schemas[name] = z.toJSONSchema(schema, { unrepresentable: 'any' });
  return {
    openapi: '3.1.0',
    info: parts.info,
    servers: [{ url: parts.serverUrl }],
    paths,
    components: { schemas, ...(parts.securitySchemes ? { securitySchemes: parts.securitySchemes } : {}) },
  };
}
