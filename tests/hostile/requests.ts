import fc from 'fast-check';
import { canAccess, type Role, type RouteRule } from '@esim/contracts';
import { HOSTILE_TEXT, hostileObject, hostileValue, validValue, type JsonSchema } from './arbitraries';

/**
 * Hostile requests generated from the route table (every route, every role that may call it) and
 * the route's own schemas as its service publishes them (OpenAPI built from the zod schemas).
 */
export type Caller = 'anonymous' | 'admin' | 'sales-manager' | 'dealer' | 'retail';

/** The role each caller signs in as (dealer and retail are both the `user` role, different accounts). */
export const CALLER_ROLE: Record<Exclude<Caller, 'anonymous'>, Role> = {
  admin: 'admin',
  'sales-manager': 'sales-manager',
  dealer: 'user',
  retail: 'user',
};

export interface RouteSchemas {
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  headers: Record<string, { schema: JsonSchema; required: boolean }>;
  body?: JsonSchema;
}

export interface Target {
  rule: RouteRule;
  caller: Caller;
  schemas: RouteSchemas;
}

export interface HostileRequest {
  method: string;
  url: string;
  caller: Caller;
  route: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
}

/** The callers allowed on a route: anyone for a public route, else every role `canAccess` lets in. */
export function callersOf(rule: RouteRule): Caller[] {
  if (rule.access === 'public') return ['anonymous', 'retail'];
  const { resource, action } = rule.access;
  return (Object.keys(CALLER_ROLE) as Array<keyof typeof CALLER_ROLE>).filter((caller) =>
    canAccess(CALLER_ROLE[caller], resource, action),
  );
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema; required?: boolean }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** What the hostile suite reads of a service's OpenAPI document (`app.swagger()`). */
export interface OpenApiDoc {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

/** A running service's OpenAPI document, built by the platform from its routes' zod schemas. */
export const openApiOf = (app: unknown): OpenApiDoc => (app as { swagger(): OpenApiDoc }).swagger();

/** Route schemas out of a service's OpenAPI document (paths in `{param}` form). */
export function schemasFromOpenApi(doc: OpenApiDoc | undefined, rule: RouteRule): RouteSchemas {
  const openApiPath = rule.path.replace(/:(\w+)/g, '{$1}');
  const operation = doc?.paths?.[openApiPath]?.[rule.method.toLowerCase()];
  const schemas: RouteSchemas = { params: {}, query: {}, headers: {} };
  for (const name of rule.path.match(/:(\w+)/g) ?? []) schemas.params[name.slice(1)] = { type: 'string' };
  for (const parameter of operation?.parameters ?? []) {
    if (parameter.in === 'path') schemas.params[parameter.name] = parameter.schema;
    else if (parameter.in === 'query') schemas.query[parameter.name] = parameter.schema;
    else if (parameter.in === 'header')
      schemas.headers[parameter.name] = { schema: parameter.schema, required: Boolean(parameter.required) };
  }
  schemas.body = operation?.requestBody?.content?.['application/json']?.schema;
  return schemas;
}

/** Ids worth trying in a path: ones that exist (seeded), ones that do not, and traversal. */
export interface KnownIds {
  ids: string[];
}

const TRAVERSAL = [
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2finternal',
  '..%5c..%5cwindows',
  '%00',
  'a%00b',
  '%ff%fe',
  '%ud800',
  '%E2%80%AE',
  '%20',
  'null',
  '-1',
  '0',
  '1e9',
  "'%20OR%201=1",
  'x'.repeat(5_000),
];

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate (which encodeURIComponent refuses)
 * goes out as its WTF-8 bytes: invalid UTF-8, exactly what a hostile client can put on the wire.
 */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff)
        out +=
          `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      else out += encodeURIComponent(char);
    }
    return out;
  }
}

const encodeSegment = (value: unknown) =>
  encodeLoose(typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

/** A path parameter: a known id, a fresh uuid, traversal, or hostile text. */
function paramValue(known: KnownIds): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.ids).map(encodeSegment) },
    { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
    { weight: 3, arbitrary: fc.constantFrom(...TRAVERSAL) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...HOSTILE_TEXT.filter((t) => t.length < 1000)).map((t) => encodeSegment(t)),
    },
  );
}

/** react-admin's list parameters and the shop's own (docs/product.md, Lists), with bad values among good ones. */
const LIST_PARAMS: Array<[string, string[]]> = [
  [
    'sort',
    [
      '["id","ASC"]',
      '["created_at","DESC"]',
      '["id","DROP"]',
      '["; drop table x","ASC"]',
      '["id"]',
      'not json',
      '[1,2,3]',
      '{"a":1}',
      '["\\u0000","ASC"]',
    ],
  ],
  [
    'range',
    ['[0,9]', '[0,24]', '[-1,5]', '[5,0]', '[0,1e9]', '["a","b"]', '[0]', 'x', '[0.5,1.5]', '[0,99999999999999999999]'],
  ],
  [
    'filter',
    [
      '{}',
      '{"q":"a"}',
      '{"q":"a\\u0000b"}',
      '{"start_date":"x"}',
      '{"start_date":"2026-02-30"}',
      '{"end_date":"2026-01-01\' or 1=1"}',
      '{"id":["00000000-0000-4000-8000-000000000003","x"]}',
      '{"id":"not-a-uuid"}',
      '{"status":"all"}',
      '{"status":["active"]}',
      '{"unknown_field":1}',
      '{"__proto__":{"x":1}}',
      '[]',
      'null',
      '"str"',
      '{',
      '{"q":{"$gt":""}}',
    ],
  ],
  ['page', ['1', '0', '-1', '1.5', '1e9', 'x', '99999999999999999999']],
  ['limit', ['10', '0', '-5', '101', '1e3', 'NaN']],
  ['search', ['a', 'a\u0000b', '%', '_', "' or 1=1 --", '\ud800']],
  ['start_date', ['2026-01-01', '2026-02-30', 'x', '0000-00-00', '2026-01-01T00:00:00Z']],
  ['end_date', ['2026-12-31', '2025-01-01', '99999-01-01']],
  ['status', ['all', 'active', 'x', '']],
  [
    'ids',
    [
      '00000000-0000-4000-8000-000000000003',
      'a,b,c',
      Array.from({ length: 200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(','),
    ],
  ],
];

function queryArbitrary(schemas: RouteSchemas, method: string): fc.Arbitrary<Array<[string, string]>> {
  const declared = Object.entries(schemas.query);
  const stringify = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const fromSchema = declared.length
    ? fc.array(
        fc
          .constantFrom(...declared)
          .chain(([name, schema]) =>
            fc
              .oneof(validValue(schema), hostileValue(schema))
              .map((value) => [name, stringify(value)] as [string, string]),
          ),
        { maxLength: 4 },
      )
    : fc.constant([] as Array<[string, string]>);
  const listParams = fc.array(
    fc
      .constantFrom(...LIST_PARAMS)
      .chain(([name, values]) => fc.constantFrom(...values).map((value) => [name, value] as [string, string])),
    { maxLength: method === 'GET' ? 4 : 1 },
  );
  const repeated = fc.constantFrom<Array<[string, string]>>(
    [],
    [],
    [],
    [
      ['page', '1'],
      ['page', '2'],
    ],
    [
      ['q', 'a'],
      ['q', 'b'],
    ],
    [['__proto__', 'x']],
  );
  return fc.tuple(fromSchema, listParams, repeated).map(([a, b, c]) => [...a, ...b, ...c]);
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  'nul',
  '\u0000',
  "{'a':1}",
  '{"a":1,}',
  '"\\ud800"',
  '{"amount":1e999}',
  '\ufeff{}',
  '{"a":"\\u0000"}',
];

/** The body: valid or broken per the schema, or malformed JSON, or the wrong content type, or none. */
function bodyArbitrary(
  schemas: RouteSchemas,
  method: string,
): fc.Arbitrary<{ kind: string; contentType?: string; payload?: string | Buffer }> {
  if (method === 'GET' || method === 'DELETE') {
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant({ kind: 'no-body' }) },
      {
        weight: 1,
        arbitrary: fc.constant({ kind: 'body-on-get', contentType: 'application/json', payload: '{"a":1}' }),
      },
    );
  }
  const schema = schemas.body ?? { type: 'object', properties: {} };
  const json = (kind: string) => (value: unknown) => ({
    kind,
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  });
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema).map(json('valid-body')) },
    { weight: 8, arbitrary: hostileObject(schema).map(json('hostile-body')) },
    { weight: 2, arbitrary: hostileValue(undefined).map(json('wrong-type-body')) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((payload) => ({ kind: 'malformed-json', contentType: 'application/json', payload })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), validValue(schema)).map(([contentType, value]) => ({
        kind: 'wrong-content-type',
        contentType,
        payload: contentType.includes('json')
          ? Buffer.from(JSON.stringify(value) ?? '', 'utf16le')
          : `a=1&b=${encodeURIComponent(JSON.stringify(value) ?? '')}`,
      })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'no-body' }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'empty-json', contentType: 'application/json', payload: '' }) },
  );
}

/** Headers a route reads (Idempotency-Key and friends), valid or hostile, plus Accept-Language. */
function headerArbitrary(schemas: RouteSchemas): fc.Arbitrary<Record<string, string>> {
  const declared = Object.entries(schemas.headers);
  const printable = (value: unknown) =>
    String(typeof value === 'string' ? value : JSON.stringify(value))
      .replace(/[^\x20-\x7e]/g, '?')
      .slice(0, 8_000);
  const entries = declared.map(([name, { schema, required }]) =>
    fc
      .oneof(
        { weight: 6, arbitrary: validValue(schema).map((v) => String(v)) },
        { weight: 2, arbitrary: hostileValue(schema).map(printable) },
        { weight: required ? 1 : 3, arbitrary: fc.constant(undefined) },
      )
      .map((value) => [name, value] as const),
  );
  const language = fc.constantFrom(undefined, 'en', 'tr', 'de', 'en;q=x', '*', 'x'.repeat(500));
  return fc.tuple(fc.tuple(...entries), language).map(([pairs, lang]) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of pairs) if (value !== undefined) headers[name] = value;
    if (lang) headers['accept-language'] = lang;
    return headers;
  });
}

/** Every hostile request to one route for one caller, as a fast-check arbitrary. */
export function requestArbitrary(target: Target, known: KnownIds): fc.Arbitrary<HostileRequest> {
  const { rule, schemas } = target;
  const paramNames = rule.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? [];
  return fc
    .tuple(
      fc.tuple(...paramNames.map(() => paramValue(known))),
      queryArbitrary(schemas, rule.method),
      bodyArbitrary(schemas, rule.method),
      headerArbitrary(schemas),
    )
    .map(([params, query, body, headers]) => {
      let path = rule.path;
      paramNames.forEach((name, i) => {
        path = path.replace(`:${name}`, params[i]!);
      });
      const search = query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&');
      return {
        method: rule.method,
        url: `/api${path}${search ? `?${search}` : ''}`,
        caller: target.caller,
        route: `${rule.method} ${rule.path}`,
        headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
        payload: body.payload,
        kind: body.kind,
      };
    });
}
