import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas the services publish (their OpenAPI, generated from
 * the routes' zod schemas): values that fit the schema, so a request gets past the first check and
 * reaches deeper code, and hostile values that break it in every way an attacker would try.
 */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

// Shared instances: one copy in memory however often they are drawn.
const HUGE_STRING = 'A'.repeat(300_000);
const LONG_STRING = 'ş'.repeat(5_000);
const HUGE_ARRAY = Array.from({ length: 20_000 }, (_, i) => i);
const DEEP_OBJECT = JSON.parse('{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000)) as unknown;

/** Text an attacker tries in any string field. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'e\u0301\u0301\u0301',
  '\u200b\u200d\ufeff',
  '😀👨‍👩‍👧‍👦',
  '\u0130stanbul ı İ',
  "' OR 1=1 --",
  "2026-01-01' or 1=1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\r\nSet-Cookie: x=1',
  '\\u0000',
  'null',
  'undefined',
  '-1',
  '1e-9',
  '0x10',
  'NaN',
  'Infinity',
  LONG_STRING,
  HUGE_STRING,
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1e-9,
  0.001,
  0.005,
  12.345,
  0.1 + 0.2,
  -5.5,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  2 ** 31,
  2 ** 63,
];

/** Values of every other JSON type: whatever the schema wants, one of these is the wrong type. */
const ANY_TYPE: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  '',
  'x',
  [],
  [1, 'a'],
  {},
  { a: 1 },
  HUGE_ARRAY,
  DEEP_OBJECT,
];

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** Built once per pattern: fast-check compiles a regex (unicode classes are large) into an arbitrary. */
const patternArbitraries = new Map<string, fc.Arbitrary<string>>();

function fromPattern(pattern: string, schema: JsonSchema): fc.Arbitrary<string> {
  const key = `${pattern}\u0000${schema.maxLength ?? ''}`;
  let arbitrary = patternArbitraries.get(key);
  if (!arbitrary) patternArbitraries.set(key, (arbitrary = compilePattern(pattern, schema)));
  return arbitrary;
}

function compilePattern(pattern: string, schema: JsonSchema): fc.Arbitrary<string> {
  try {
    const regex = new RegExp(pattern, 'u');
    return fc
      .stringMatching(regex, { size: 'small' })
      .filter((s) => regex.test(s) && (schema.maxLength === undefined || s.length <= schema.maxLength));
  } catch {
    return fc.string({ maxLength: schema.maxLength ?? 20 });
  }
}

/** A value meant to satisfy the schema (best effort: patterns and unions are approximated). */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constantFrom<unknown>('x', 1, true);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((option) => validValue(option, depth + 1)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const types = typesOf(schema);
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (schema.format === 'uuid') return fc.uuid({ version: 4 });
        if (schema.format === 'email') return fc.emailAddress();
        if (schema.format === 'date')
          return fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10));
        if (schema.format === 'date-time')
          return fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString());
        if (schema.pattern) return fromPattern(schema.pattern, schema);
        return fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 30, 60),
          unit: 'grapheme',
        });
      case 'integer': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
        const max = typeof schema.maximum === 'number' ? schema.maximum : 100_000;
        return fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) });
      }
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : 0.01;
        const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1e6) : 10_000;
        // Euros with at most two decimals: what a money field accepts.
        return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(validValue(schema.items, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 5),
        });
      case 'object':
        return validObject(schema, depth);
      default:
        return fc.constantFrom<unknown>('x', 1, true, null);
    }
  })();
  return schema.nullable || types.includes('null')
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = validValue(property, depth + 1);
  return fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** A value that breaks the schema: wrong type, hostile text, extreme numbers, huge arrays. */
export function hostileValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const types = schema ? typesOf(schema) : [];
  const options: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 3, arbitrary: fc.constantFrom(...ANY_TYPE) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  ];
  if (types.includes('string') || schema?.pattern || schema?.format) {
    options.push({ weight: 3, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) });
    options.push({ weight: 2, arbitrary: validValue(schema).map((v) => (typeof v === 'string' ? `${v}\u0000` : v)) });
  }
  if (types.includes('number') || types.includes('integer')) {
    options.push({ weight: 3, arbitrary: fc.double({ noNaN: true }) });
    options.push({ weight: 2, arbitrary: fc.constantFrom('12.5', '1e-9', '0,50', '١٢٣') });
  }
  if (types.includes('array'))
    options.push({ weight: 2, arbitrary: fc.constantFrom<unknown>(HUGE_ARRAY, [null], [HUGE_STRING], ['\u0000']) });
  if (schema?.properties) options.push({ weight: 2, arbitrary: hostileObject(schema) });
  return fc.oneof(...options);
}

/**
 * An object body broken in one or more ways: a field missing, a field hostile, extra fields
 * (including prototype keys), or everything valid (so the deeper checks run too).
 */
export function hostileObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const valid = validObject(schema, 0);
  if (properties.length === 0) {
    return fc.oneof(
      valid,
      fc.constantFrom<unknown>({ extra: 1 }, { __proto__: { admin: true } }, { constructor: { prototype: { x: 1 } } }),
    );
  }
  const names = properties.map(([name]) => name);
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    {
      weight: 5,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...names))
        .chain(([body, name]) => hostileValue(schema.properties![name]).map((value) => ({ ...body, [name]: value }))),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...names)).map(([body, name]) => {
        const copy = { ...body };
        delete copy[name];
        return copy;
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(
            'extra',
            '__proto__',
            'constructor',
            'id',
            'user_type',
            'role',
            'balance',
            'status',
            '\u0000',
          ),
          hostileValue(undefined),
        )
        .map(
          ([body, name, value]) =>
            JSON.parse(
              JSON.stringify({ ...body })
                .replace(/^\{/, `{${JSON.stringify(name)}:${JSON.stringify(value) ?? 'null'},`)
                .replace(/,\}$/, '}'),
            ) as unknown,
        ),
    },
  );
}
