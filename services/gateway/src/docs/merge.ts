import type { ServiceName } from '@esim/contracts';
import type { OpenAPIV3 } from 'openapi-types';
import { API_PREFIX } from '../proxy/route-table';

export type ServiceDocument =
  { service: ServiceName; document: OpenAPIV3.Document } | { service: ServiceName; unavailable: string };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** GET /api/health's answer (outside the envelope, see health.ts): overall status and each service's readiness. */
const healthSchema: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['status', 'services'],
  properties: {
    status: { type: 'string', enum: ['up', 'degraded'] },
    services: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['status', 'latencyMs'],
        properties: {
          status: { type: 'string', enum: ['up', 'degraded', 'down'] },
          checks: { type: 'object', additionalProperties: { type: 'string' } },
          problems: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'What a degraded check found (e.g. events waiting in the outbox)',
          },
          latencyMs: { type: 'number' },
          error: { type: 'string' },
        },
      },
    },
  },
};
const healthAnswer = (description: string): OpenAPIV3.ResponseObject => ({
  description,
  content: { 'application/json': { schema: healthSchema } },
});

/** The gateway's own public routes, listed beside the services'. */
const gatewayPaths: OpenAPIV3.PathsObject = {
  [`${API_PREFIX}/health`]: {
    get: {
      tags: ['gateway'],
      summary: "Every service's readiness",
      responses: {
        '200': healthAnswer('All services are ready'),
        '503': healthAnswer(
          'At least one service is down or degraded (e.g. its events wait longer than EVENTS_STALE_AFTER_SECONDS): `status: "degraded"`, each service with its own status and problems',
        ),
      },
    },
  },
};

/** One path item with every operation filed under its service, so the page groups by service. */
function underService(item: OpenAPIV3.PathItemObject, service: ServiceName): OpenAPIV3.PathItemObject {
  const copy: OpenAPIV3.PathItemObject = { ...item };
  for (const method of METHODS) {
    const operation = item[method];
    if (operation) copy[method] = { ...operation, tags: [service] };
  }
  return copy;
}

/**
 * One OpenAPI document for the whole public API: each service's paths under `/api` (as the
 * browser calls them through the gateway), grouped by service. A service that could not be asked
 * is listed with the reason instead of breaking the page. Component schemas keep the first
 * definition of a name (the services share theirs through @esim/contracts).
 */
export function mergeDocuments(documents: ServiceDocument[]): OpenAPIV3.Document {
  const paths: OpenAPIV3.PathsObject = { ...gatewayPaths };
  const schemas: Record<string, OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject> = {};
  const tags: OpenAPIV3.TagObject[] = [{ name: 'gateway', description: 'Routing, health and these docs' }];
  const availability: Record<string, string> = {};
  for (const entry of documents) {
    if ('unavailable' in entry) {
      availability[entry.service] = 'unavailable';
      tags.push({
        name: entry.service,
        description: `Unavailable right now (${entry.unavailable}); reload the page later.`,
      });
      continue;
    }
    availability[entry.service] = 'up';
    tags.push({ name: entry.service, description: entry.document.info.description ?? entry.document.info.title });
    for (const [path, item] of Object.entries(entry.document.paths ?? {})) {
      if (item) paths[`${API_PREFIX}${path}`] = underService(item, entry.service);
    }
    for (const [name, schema] of Object.entries(entry.document.components?.schemas ?? {})) {
      schemas[name] ??= schema;
    }
  }
  const down = Object.entries(availability)
    .filter(([, status]) => status !== 'up')
    .map(([service]) => service);
  return {
    openapi: '3.0.3',
    info: {
      title: 'eSIM shop API',
      version: '1.0.0',
      description:
        'Every public route, served through the gateway under `/api`. Send `Authorization: Bearer <token>` from `POST /api/login`; ' +
        '`Accept-Language: en` for English messages (Turkish by default).' +
        (down.length ? `\n\n**Unavailable right now:** ${down.join(', ')}.` : ''),
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      ...(Object.keys(schemas).length ? { schemas } : {}),
    },
    'x-services': availability,
  } as OpenAPIV3.Document;
}
