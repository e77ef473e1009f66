// Turns the route registry (api-routes.ts) into one OpenAPI 3.1 document: every operation's path, query
// and body parameters and its answers come from the zod schemas the registry names, converted to JSON
// Schema 2020-12 (OpenAPI 3.1's dialect) by zod itself, so the document cannot drift from the contracts.
import { z } from 'zod';
import { errorBody } from './errors.ts';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** How an answer is encoded: the media type of its body. */
export const mediaTypes = {
  json: 'application/json',
  geojson: 'application/geo+json',
  mvt: 'application/vnd.mapbox-vector-tile',
  protobuf: 'application/x-protobuf',
  png: 'image/png',
  html: 'text/html',
  events: 'text/event-stream',
} as const;
export type MediaKind = keyof typeof mediaTypes;

export interface Answer {
  description: string;
  /** Absent: an answer without a body (a 204). Several: the route answers one of them (a sprite's JSON or PNG). */
  media?: MediaKind | MediaKind[];
  /** The answer's shape (JSON and GeoJSON answers). */
  schema?: z.ZodType;
}

/**
 * Who may call: `public` answers anyone (a token or session may raise the level of what is answered),
 * `token` needs an API token (query `token` or `Authorization: Bearer`) or a session, `session` needs a
 * signed-in browser session (with its CSRF header when the method changes state).
 */
export type Auth = 'public' | 'token' | 'session';

export interface ApiRoute {
  method: Method;
  /** The OpenAPI path template, e.g. /api/v1/parcels/{z}/{x}/{y}. */
  path: string;
  /** The server's route pattern when the template is not that pattern with :name written {name}. */
  servedBy?: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Parameters a zod object cannot state (deepObject filters such as fields[name]=value). */
  extraParameters?: object[];
  body?: z.ZodType;
  /** How the body is sent: JSON unless `form` (application/x-www-form-urlencoded, as ArcGIS clients post). */
  bodyMedia?: 'form';
  /** Answers by status ('200', '201', '204', ...). */
  answers: Record<string, Answer>;
  /** Error statuses and what each means; all answer with the Error component. */
  errors?: Record<string, string>;
  auth: Auth;
}

export interface DocumentParts {
  info: { title: string; version: string; description: string };
  serverUrl: string;
  routes: readonly ApiRoute[];
  /** Schemas named in components (others get a name from their operation). */
  components: Record<string, z.ZodType>;
  tags: { name: string; description: string }[];
}

export const securitySchemes = {
  token: { type: 'apiKey', in: 'query', name: 'token', description: 'An API token (group or API plan) in the query' },
  bearer: { type: 'http', scheme: 'bearer', description: 'The same API token as Authorization: Bearer <token>' },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'pm_session',
    description: 'A signed-in session; requests that change state also send X-CSRF-Token from /api/v1/session.json',
  },
} as const;

const security: Record<Auth, Record<string, string[]>[]> = {
  // The empty requirement makes credentials optional.
  public: [{}, { token: [] }, { bearer: [] }, { session: [] }],
  token: [{ token: [] }, { bearer: [] }, { session: [] }],
  session: [{ session: [] }],
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

type JsonSchema = Record<string, unknown>;

/** JSON Schema of a zod object's properties, one parameter each. */
function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query'): object[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, JsonSchema & { description?: string }>;
    required?: string[];
  };
  return Object.entries(json.properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required?.includes(name) ?? false),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

/** Converts named schemas together, so that each one used inside another is a $ref to its component. */
function componentSchemas(named: Map<z.ZodType, string>, io: 'input' | 'output'): Record<string, JsonSchema> {
  if (named.size === 0) return {};
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const out: Record<string, JsonSchema> = {};
  for (const [id, { $schema: _dialect, $id: _id, ...schema }] of Object.entries(converted.schemas)) out[id] = schema;
  return out;
}

export function openApiDocument(parts: DocumentParts) {
  // Answers convert as zod outputs them, bodies as zod accepts them: two sets of components.
  const answerNames = new Map<z.ZodType, string>([[errorBody, 'Error']]);
  for (const [name, schema] of Object.entries(parts.components)) answerNames.set(schema, name);
  const bodyNames = new Map<z.ZodType, string>();
  const nameOf = (names: Map<z.ZodType, string>, schema: z.ZodType, fallback: string) => {
    if (!names.has(schema)) names.set(schema, fallback);
    return names.get(schema)!;
  };

  const paths: Record<string, Partial<Record<Method, object>>> = {};
  for (const route of parts.routes) {
    const responses: Record<string, object> = {};
    for (const [status, answer] of Object.entries(route.answers)) {
      const content: Record<string, object> = {};
      for (const media of [answer.media ?? []].flat()) {
        const schema =
          answer.schema && (media === 'json' || media === 'geojson')
            ? ref(nameOf(answerNames, answer.schema, `${route.operationId}${status === '200' ? '' : status}Answer`))
            : media === 'json'
              ? { type: 'object' }
              : // Binary and event-stream bodies: a string of that media type, as OpenAPI 3.1 writes them.
                { type: 'string', contentMediaType: mediaTypes[media] };
        content[mediaTypes[media]] = { schema };
      }
      responses[status] = { description: answer.description, ...(answer.media ? { content } : {}) };
    }
    for (const [status, description] of Object.entries(route.errors ?? {}))
      responses[status] = { description, content: { 'application/json': { schema: ref('Error') } } };
    const body = route.body
      ? {
          requestBody: {
            required: true,
            content: {
              [route.bodyMedia === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: {
                schema: ref(nameOf(bodyNames, route.body, `${route.operationId}Body`)),
              },
            },
          },
        }
      : {};
    (paths[route.path] ??= {})[route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: route.tags,
      parameters: [
        ...parametersOf(route.params, 'path'),
        ...parametersOf(route.query, 'query'),
        ...(route.extraParameters ?? []),
      ],
      ...body,
      responses,
      security: security[route.auth],
      ...(route.servedBy ? { 'x-route': route.servedBy } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: parts.info,
    servers: [{ url: parts.serverUrl }],
    tags: parts.tags,
    paths,
    components: {
      schemas: { ...componentSchemas(answerNames, 'output'), ...componentSchemas(bodyNames, 'input') },
      securitySchemes,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
