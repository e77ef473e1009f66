// One fuzz case = one hostile HTTP request against a route of the table: path parameters that match the
// route's own regex or are hostile, random query values, a body made from the route's zod schema and
// then broken, the wrong content type, and a caller with a missing, forged or stolen credential.
import fc from 'fast-check';
import type { z } from 'zod';
import { errorStatus } from '@parcel-map/contracts/errors';
import { broken, edgeNumber, hostileString } from './zod-arbitrary.ts';
import { pieces, type Route } from './route-table.ts';

export type Credential =
  | 'none'
  | 'session'
  | 'session-no-csrf'
  | 'session-forged-csrf'
  | 'forged-cookie'
  | 'forged-bearer'
  | 'bad-authorization'
  | 'forged-query-token';

export interface FuzzCase {
  route: Route;
  path: string;
  caller: number;
  credential: Credential;
  contentType: string | undefined;
  body: string | undefined;
}

/** Lone surrogates become U+FFFD (the URL encoders throw on them, as a browser never sends them). */
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

/** Segments that broke URL decoding somewhere once. */
const rawSegments = ['%', '%zz', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', '.', '~', '%25', '%C0%AF'];
const segment = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((s) => encodeURIComponent(wellFormed(s.slice(0, 300)))) },
  { weight: 2, arbitrary: fc.constantFrom(...rawSegments) },
  { weight: 2, arbitrary: edgeNumber.map(String) },
  { weight: 1, arbitrary: fc.constantFrom('1', '0', 'public', 'parcels', 'default', 'terms.json', 'x.json') },
);

function pathArbitrary(route: Route): fc.Arbitrary<string> {
  const parts = pieces(route.path).map((piece) => {
    if ('literal' in piece) return fc.constant(piece.literal);
    if ('wildcard' in piece) return fc.array(segment, { maxLength: 4 }).map((s) => s.join('/'));
    const matching = piece.pattern
      ? fc
          .stringMatching(new RegExp(`^(?:${piece.pattern})$`))
          .filter((s) => s.length < 200)
          .map((s) => encodeURI(wellFormed(s)))
      : segment;
    // Mostly values the router accepts (so the handler runs), sometimes anything.
    return fc.oneof({ weight: 3, arbitrary: matching }, { weight: 1, arbitrary: segment });
  });
  return fc.tuple(...parts).map((p) => p.join(''));
}

/** Query parameter names the routes read, plus noise; values hostile or numeric. */
const queryKeys = [
  'query',
  'q',
  'lat',
  'lng',
  'lon',
  'z',
  'zoom',
  'bbox',
  'token',
  'limit',
  'page',
  'per_page',
  'offset',
  'exact',
  'fields',
  'source',
  'layer',
  'path',
  'id',
  'sort',
  'format',
  'tier',
  'from',
  'to',
  'status',
  'f',
  'crs',
  'bbox-crs',
  'after',
  'before',
  // The ArcGIS FeatureServer's query parameters.
  'where',
  'geometry',
  'geometryType',
  'inSR',
  'outSR',
  'spatialRel',
  'outFields',
  'orderByFields',
  'resultOffset',
  'resultRecordCount',
  'returnCountOnly',
  'returnIdsOnly',
  'returnExtentOnly',
  'callback',
];
/** ArcGIS where clauses (injection attempts among them) and envelopes, hostile or almost valid. */
const arcgisValue = fc.oneof(
  fc.constantFrom(
    '1=1',
    "owner = 'x' OR 1=1 --",
    "address = 'a'; DROP TABLE parcels; --",
    "owner LIKE '%' UNION SELECT password_hash FROM users",
    'pg_sleep(5) = 1',
    "saledate > DATE '2020-13-45'",
    "yearbuilt IN (1, 'a', NULL)",
    "path LIKE '\\'",
    "address = '\u0000'",
    `${'('.repeat(200)}1=1${')'.repeat(200)}`,
    'OBJECTID > 1e400',
    '-1e308,-1e308,1e308,1e308',
    '{"xmin":-71.2,"ymin":42.3,"xmax":-71,"ymax":42.4,"spatialReference":{"wkid":4326}}',
    '{"x":-71.1,"y":42.37,"spatialReference":{"wkid":102100}}',
    '{"rings":[[[0,0],[1,1],[0,0]]]}',
    'NaN,1,2,3',
  ),
  fc
    .tuple(
      fc.constantFrom('address', 'yearbuilt', 'OBJECTID', 'x'),
      fc.constantFrom('=', 'LIKE', 'IN', '<'),
      hostileString,
    )
    .map(
      ([field, op, value]) => `${field} ${op} ${op === 'IN' ? `(${value.slice(0, 50)})` : `'${value.slice(0, 200)}'`}`,
    ),
);
const query = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 6 })),
      fc.oneof(
        hostileString.map((s) => s.slice(0, 3000)),
        edgeNumber.map(String),
        arcgisValue,
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));

const bodyForm = (schema: z.ZodType | undefined) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: broken(schema).map((value) => ({ contentType: 'application/json', body: safeStringify(value) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,', 'null', '"x"', '\u0000', '{"__proto__":{"admin":true}}', '1e999')
        .map((body) => ({ contentType: 'application/json', body })),
    },
    {
      weight: 1,
      arbitrary: broken(schema).map((value) => ({ contentType: 'text/plain', body: safeStringify(value) })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: 'application/x-www-form-urlencoded',
        body: 'email=a%40b.c&password=x&name=%3Cscript%3E',
      }),
    },
    {
      // A posted ArcGIS query: its parameters, hostile where clauses and geometries, in a form body.
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...queryKeys, 'objectIds', 'f'), fc.oneof(arcgisValue, hostileString)), {
          maxLength: 5,
        })
        .map((pairs) => ({
          contentType: 'application/x-www-form-urlencoded',
          body: new URLSearchParams(pairs.map(([k, v]) => [k, wellFormed(v)])).toString(),
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: 'multipart/form-data; boundary=x',
        body: '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n--x--',
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 70_000, max: 400_000 })
        .map((n) => ({ contentType: 'application/json', body: `{"name":"${'x'.repeat(n)}"}` })),
    },
  );

export function caseArbitrary(
  routes: Route[],
  schemaOf: (route: Route) => z.ZodType | undefined,
  callers: number,
): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...routes).chain((route) => {
    const sendsBody = route.method !== 'GET' && route.method !== 'HEAD';
    return fc
      .record({
        route: fc.constant(route),
        path: fc.tuple(pathArbitrary(route), query).map(([p, q]) => p + q),
        caller: fc.nat({ max: callers - 1 }),
        credential: fc.constantFrom<Credential>(
          'none',
          'session',
          'session',
          'session',
          'session-no-csrf',
          'session-forged-csrf',
          'forged-cookie',
          'forged-bearer',
          'bad-authorization',
          'forged-query-token',
        ),
        form: sendsBody ? bodyForm(schemaOf(route)) : fc.constant({ contentType: undefined, body: undefined }),
      })
      .map(({ form, ...rest }) => ({ ...rest, contentType: form.contentType, body: form.body }));
  });
}

/** JSON.stringify, but deep nesting is written by hand (the stringifier itself would overflow the stack). */
function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  }
}

/** Text that only a stack trace or a database error would put into an answer. */
export const leakPattern =
  /\bat [\w.<>$]+ \([^)]*:\d+:\d+\)|node_modules|\/src\/[\w/-]+\.ts|syntax error at or near|relation "[^"]+" does not exist|column "[^"]+" does not exist|violates (foreign key|check|not-null|unique) constraint|duplicate key value|invalid input syntax for|PostgresError|ERROR: /;

export interface Verdict {
  ok: boolean;
  problem?: string;
}

/** Never a 5xx; a 4xx is the one error shape; nothing that reads like a stack or SQL. */
export function judge(status: number, contentType: string | null, text: string): Verdict {
  if (status >= 500) return { ok: false, problem: `answered ${status}: ${text.slice(0, 300)}` };
  if (leakPattern.test(text)) return { ok: false, problem: `leaked internals: ${text.match(leakPattern)![0]}` };
  if (status >= 400) {
    if (!contentType?.includes('application/json'))
      return { ok: false, problem: `a ${status} that is not JSON (${contentType})` };
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, problem: `a ${status} whose body is not JSON` };
    }
    const error = body?.error;
    const keys = error && typeof error === 'object' ? Object.keys(error).sort().join(',') : '';
    if (keys !== 'code,message,requestId' && keys !== 'code,details,message,requestId')
      return { ok: false, problem: `not the one error shape: ${text.slice(0, 200)}` };
    // The ArcGIS FeatureServer answers ArcGIS's envelope: a numeric code, the status's own, or 498/499 for 401.
    const arcgis =
      typeof error.code === 'number' &&
      (error.code === status || (status === 401 && (error.code === 498 || error.code === 499)));
    if (arcgis && !Array.isArray(error.details)) return { ok: false, problem: 'an ArcGIS error without details' };
    if (
      !arcgis &&
      (!Object.hasOwn(errorStatus, error.code) || errorStatus[error.code as keyof typeof errorStatus] !== status)
    )
      return { ok: false, problem: `code ${error.code} does not go with status ${status}` };
    if (typeof error.message !== 'string' || error.message.length === 0)
      return { ok: false, problem: 'an error without a message' };
  }
  return { ok: true };
}
