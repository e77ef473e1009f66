// fast-check values shaped by a route's own zod schema (zod 4 introspection), and the same values broken
// in the ways an attacker or a buggy client breaks them. Shaped values reach the code behind the
// validation (the interesting part); broken ones probe the validation itself.
import fc from 'fast-check';
import type { z } from 'zod';

type Def = { type: string; [key: string]: any };
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def as Def;

/** Strings that have broken web apps: SQL, HTML and script, path tricks, odd unicode, format strings. */
export const hostileStrings = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '"\\',
  '\\x00',
  '\u0000',
  '%00',
  '%',
  '%25',
  '%zz',
  '../../etc/passwd',
  '..\\..\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '%s%s%s%n',
  '\uD800',
  '\uFFFF',
  '\u202E',
  'Ω≈ç√∫',
  '𝕏𝕐',
  '👨‍👩‍👧',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '   ',
  '',
  'a'.repeat(10_000),
  '__proto__',
  'constructor',
  'SELECT pg_sleep(10)',
  '$1',
  '::text',
  "E'\\\\'",
];

/**
 * Text of `size` characters that makes a backtracking pattern slow: long runs of the characters that
 * patterns repeat (dots between @s, path segments, dashes, digits, white space), each ending in the
 * character that makes the match fail at the very end. The email pattern of H1 took 2.4 s on the first.
 */
export function adversarialStrings(size: number): string[] {
  const run = (unit: string) => unit.repeat(Math.max(1, Math.floor((size - 8) / unit.length)));
  return [
    `a@${run('.')}@`,
    `a@${run('a.')}@`,
    `/us${run('/a1')}!`,
    `/us/aa${run('-a')}!`,
    `${run('-')}x`,
    `${run('1')}x`,
    ` ${run(' \t')}x`,
    `${run('a')}!`,
    `#${run('f')}`,
    `pm_${run('a')}!`,
    `a${run('.a')}.`,
  ];
}

/** Adversarial text that still fits a 64 KB JSON body with room for the rest of it, so a schema sees it. */
export const adversarialBodyStrings = adversarialStrings(64 * 1024 - 2048);

export const hostileString = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...adversarialBodyStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 100_000 }).map((n) => 'x'.repeat(n)) },
);

export const edgeNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    2 ** 31,
    -(2 ** 31),
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_VALUE,
    Number.MAX_VALUE,
    1e-320,
    0.5,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value, nested up to `depth`. */
const anyJson = (depth: number): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: depth },
      hostileString,
      edgeNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

/** JSON nested deeper than any parser or validator should be asked to walk. */
const deepNesting = fc.integer({ min: 100, max: 5000 }).chain((depth) =>
  fc.constantFrom('array', 'object').map((kind) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
    return value;
  }),
);

/** A value the schema would plausibly accept (refinements aside). */
export function shaped(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const def = defOf(schema);
  const checks: Def[] = (def.checks ?? []).map((check: any) => check._zod.def);
  switch (def.type) {
    case 'string': {
      const format = def.format ?? checks.find((c) => c.check === 'string_format')?.format;
      const pattern: RegExp | undefined = def.pattern ?? checks.find((c) => c.check === 'string_format')?.pattern;
      if (format === 'email') return fc.emailAddress();
      if (format === 'url') return fc.webUrl();
      if (format === 'uuid' || format === 'guid') return fc.uuid();
      if (pattern && !pattern.flags.includes('u')) return fc.stringMatching(pattern).filter((s) => s.length < 500);
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? Math.max(min, 40);
      return fc.string({ minLength: min, maxLength: Math.min(max, min + 60) });
    }
    case 'number': {
      const min = checks.find((c) => c.check === 'greater_than')?.value ?? -1e6;
      const max = checks.find((c) => c.check === 'less_than')?.value ?? 1e6;
      const integer =
        checks.some((c) => c.check === 'number_format' && /int/.test(c.format)) || /int/.test(def.format ?? '');
      return integer
        ? fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'optional':
      return fc.option(shaped(def.innerType, depth + 1), { nil: undefined });
    case 'nullable':
      return fc.option(shaped(def.innerType, depth + 1), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shaped(def.innerType, depth + 1);
    case 'pipe':
      return shaped(def.in, depth + 1);
    case 'lazy':
      return shaped(def.getter(), depth + 1);
    case 'array': {
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? min + 4;
      return fc.array(shaped(def.element, depth + 1), { minLength: min, maxLength: Math.min(max, min + 4) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => shaped(item, depth + 1)));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(
        Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, shaped(field, depth + 1)])),
      );
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), shaped(def.valueType, depth + 1), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => shaped(option, depth + 1)));
    case 'intersection':
      return fc
        .tuple(shaped(def.left, depth + 1), shaped(def.right, depth + 1))
        .map(([a, b]) => (isPlain(a) && isPlain(b) ? { ...a, ...b } : a));
    default:
      return anyJson(2);
  }
}

/**
 * The schema's shape with one thing broken: a field of the wrong type, a hostile string, a huge or deep
 * value, a field dropped, an unknown field, or not an object at all.
 */
export function broken(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const base = schema ? shaped(schema) : anyJson(3);
  const wrong = fc.oneof(hostileString, edgeNumber, fc.boolean(), fc.constant(null), anyJson(3), deepNesting);
  return fc.oneof(
    { weight: 3, arbitrary: base },
    {
      weight: 6,
      arbitrary: fc
        .tuple(base, wrong, fc.nat(), fc.constantFrom('replace', 'drop', 'add'))
        .map(([value, bad, pick, how]) => {
          if (!isPlain(value)) return bad;
          const keys = Object.keys(value);
          const copy: Record<string, unknown> = { ...value };
          const key = keys.length ? keys[pick % keys.length]! : 'x';
          if (how === 'replace' || !keys.length) copy[key] = nestedReplace(copy[key], bad, pick);
          else if (how === 'drop') delete copy[key];
          else copy[`${key}_${pick % 7}`] = bad;
          return copy;
        }),
    },
    { weight: 1, arbitrary: wrong },
  );
}

/** Replaces a value, or a field one level down when it is an object itself. */
function nestedReplace(value: unknown, bad: unknown, pick: number): unknown {
  if (!isPlain(value)) return bad;
  const keys = Object.keys(value);
  if (!keys.length) return bad;
  return { ...value, [keys[pick % keys.length]!]: bad };
}

function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
