import type { OpenAPIV3 } from 'openapi-types';

/** The dealer's routes for machines, as the gateway serves them under `/api`. */
export const PARTNER_PATH_PREFIXES = [
  '/api/user/packages',
  '/api/user/esim',
  '/api/user/balance',
  '/api/user/physical-sim',
  '/api/user/webhooks',
  '/api/user/webhook-deliveries',
] as const;

export const isPartnerPath = (path: string) => PARTNER_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));

/** Every `#/components/schemas/<name>` a value refers to. */
function schemaRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) schemaRefs(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/'))
        into.add(inner.slice('#/components/schemas/'.length));
      else schemaRefs(inner, into);
    }
  }
}

/** An object with its keys sorted, so the same routes always give the same file. */
function sorted<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key]]),
  ) as T;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The error envelope every route answers its 4xx and 5xx with, once under `components.responses`
 * and referred to from each route: written out under every status of every route, it was most of the file.
 */
function sharedErrors(paths: OpenAPIV3.PathsObject): OpenAPIV3.ResponseObject | undefined {
  const counts = new Map<string, number>();
  const each = (visit: (responses: OpenAPIV3.ResponsesObject, status: string) => void) => {
    for (const item of Object.values(paths))
      for (const method of METHODS) {
        const responses = item?.[method]?.responses;
        if (responses) for (const status of Object.keys(responses)) if (/^[45]/.test(status)) visit(responses, status);
      }
  };
  each((responses, status) => {
    const text = JSON.stringify(responses[status]);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  });
  const [common] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (!common) return undefined;
  each((responses, status) => {
    if (JSON.stringify(responses[status]) === common[0]) responses[status] = { $ref: '#/components/responses/Error' };
  });
  return JSON.parse(common[0]) as OpenAPIV3.ResponseObject;
}

/**
 * The partner's part of the gateway's OpenAPI document: the partner paths with the component
 * schemas they use, and the API key as the way in. Nothing that changes with the moment (which
 * services answered) is kept, so the committed file equals what a running system serves.
 */
export function partnerDocument(merged: OpenAPIV3.Document): OpenAPIV3.Document {
  // A copy: the shared error answer is swapped in without touching the caller's document.
  const paths = structuredClone(
    sorted(Object.fromEntries(Object.entries(merged.paths ?? {}).filter(([path]) => isPartnerPath(path)))),
  ) as OpenAPIV3.PathsObject;
  const error = sharedErrors(paths);
  const all = merged.components?.schemas ?? {};
  const used = new Set<string>();
  schemaRefs(paths, used);
  // Schemas refer to others: follow them until nothing new turns up.
  for (let size = -1; size !== used.size;) {
    size = used.size;
    for (const name of [...used]) schemaRefs(all[name], used);
  }
  const schemas = Object.fromEntries([...used].sort().flatMap((name) => (all[name] ? [[name, all[name]]] : [])));
  return {
    openapi: merged.openapi,
    info: {
      title: 'eSIM shop partner API',
      version: merged.info.version,
      description:
        "A dealer's routes for its own shop or app, through the gateway under `/api`. Send `Authorization: Bearer esk_live_...` " +
        '(an API key from the back office) and `Accept-Language: en` for English messages (Turkish by default). ' +
        'Buying and top-ups need an `Idempotency-Key` header. A sandbox key (`esk_test_...`) buys demo eSIMs at no cost ' +
        'through the same routes and moves no money.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'esk_live_<key>',
          description:
            'An API key of the dealer (`esk_live_...`, or `esk_test_...` for a sandbox key), created in the back office under API keys',
        },
      },
      ...(error ? { responses: { Error: error } } : {}),
      ...(Object.keys(schemas).length ? { schemas } : {}),
    },
  };
}
