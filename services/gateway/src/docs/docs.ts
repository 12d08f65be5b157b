import swaggerUi from '@fastify/swagger-ui';
import type { ServiceName } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import type { UpstreamUrls } from '../config';
import { API_PREFIX } from '../proxy/route-table';
import { mergeDocuments, type ServiceDocument } from './merge';

export const DOCS_PREFIX = `${API_PREFIX}/docs`;

/** Every copy serves the same document: the first that answers gives it. */
async function fetchDocument(service: ServiceName, urls: string[], timeoutMs: number): Promise<ServiceDocument> {
  let failure: ServiceDocument = { service, unavailable: 'unreachable' };
  for (const base of urls) {
    failure = await fetchFrom(service, base, timeoutMs);
    if ('document' in failure) return failure;
  }
  return failure;
}

async function fetchFrom(service: ServiceName, base: string, timeoutMs: number): Promise<ServiceDocument> {
  try {
    const response = await fetch(new URL('/openapi.json', base), { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { service, unavailable: `answered ${response.status}` };
    return { service, document: (await response.json()) as OpenAPIV3.Document };
  } catch (error) {
    return {
      service,
      unavailable: error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'unreachable',
    };
  }
}

/** The merged document, rebuilt at most every `ttlMs` (one rebuild at a time, whoever asks). */
export function mergedDocumentCache(upstreams: UpstreamUrls, options: { timeoutMs: number; ttlMs: number }) {
  let document: OpenAPIV3.Document | undefined;
  let builtAt = 0;
  let pending: Promise<OpenAPIV3.Document> | undefined;
  const rebuild = async () => {
    const documents = await Promise.all(
      (Object.entries(upstreams) as [ServiceName, string[]][]).map(([service, urls]) =>
        fetchDocument(service, urls, options.timeoutMs),
      ),
    );
    document = mergeDocuments(documents);
    // A page showing a service as unavailable is retried on the next load, not after the TTL.
    builtAt = documents.every((entry) => 'document' in entry) ? Date.now() : 0;
    return document;
  };
  return {
    async get(): Promise<OpenAPIV3.Document> {
      if (document && Date.now() - builtAt < options.ttlMs) return document;
      pending ??= rebuild().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** The last document built (callers `get()` first). */
    current: () => document ?? mergeDocuments([]),
  };
}

/**
 * `/api/docs`: Swagger UI over one merged document of every service, also served as
 * `/api/docs/openapi.json`. Swagger UI reads its document synchronously, so the document is
 * refreshed in a hook just before the UI's own JSON route answers.
 */
export async function registerDocs(
  app: FastifyInstance,
  upstreams: UpstreamUrls,
  options: { timeoutMs: number; ttlMs: number },
): Promise<void> {
  const cache = mergedDocumentCache(upstreams, options);
  const wantsDocument = (url: string) => /\/(json|yaml)(\?|$)/.test(url);
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'list', persistAuthorization: true },
    uiHooks: {
      preHandler: async (request) => {
        if (wantsDocument(request.url)) await cache.get();
      },
    },
    transformSpecification: () => cache.current(),
    transformSpecificationClone: false,
  });
  app.get(`${DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => cache.get());
}
