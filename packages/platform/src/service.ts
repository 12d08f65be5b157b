import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JSONWebKeySet } from 'jose';
import type { BaseConfig } from './config';
import { createDb, type Db } from './db';
import { authPlugin, createJwtVerifier } from './auth';
import { guardRoutesFromTable, recordAdminWrites } from './route-guard';
import { registerAuditLogRoute } from './audit-log';
import { errorResponses, type ServiceName } from '@esim/contracts';
import { registerErrorHandler } from './http/error-handler';
import { answerRouterErrors, MAX_PATH_PARAM_LENGTH } from './http/router-limits';
import { checkedSerializerCompiler } from './http/serializer';
import { localePlugin } from './http/envelope';
import { refuseUnsafeText, validatorCompiler } from './http/validation';
import { registerNoStoreForPrivateAnswers } from './http/private-answers';
import { dropUntrustedForwarding, trustedProxyAddresses } from './http/trusted-proxy';
import { registerHealthRoutes, type ReadinessCheck } from './health';
import { registerMetrics } from './metrics';
import { registerServingWork } from './serving';
import { loggerOptions, REQUEST_ID_HEADER, requestIdOptions, requestLogger } from './logger';
import { createRedis, type Redis } from './redis';

export type ServiceApp = FastifyInstance & { withTypeProvider(): FastifyInstance };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    redis: Redis;
    config: BaseConfig;
  }
}

export interface ServiceOptions<C extends BaseConfig> {
  /** Service name: logs, OpenAPI title, health answers, and its rows in the route table. */
  name: ServiceName | 'gateway';
  /** PostgreSQL schema the service owns; the gateway owns none. */
  schema?: string;
  description: string;
  config: C;
  /** Tests pass local keys instead of fetching the auth service's JWKS. */
  jwks?: JSONWebKeySet;
  /** Extra readiness checks beyond PostgreSQL and Redis. */
  readiness?: Record<string, ReadinessCheck>;
  /** False for a process that reads no cookie (the gateway forwards them as they came): no parsing per request. */
  cookies?: boolean;
}

/**
 * Builds a service's fastify instance with everything services share: zod validation and OpenAPI,
 * the envelope and error handler, request ids, locale, auth, a knex pool on the service's schema,
 * Redis, health and readiness, and cleanup on close. Routes are added by the caller.
 */
export async function createServiceApp<C extends BaseConfig>(options: ServiceOptions<C>) {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(options.name, config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL),
    childLoggerFactory: requestLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Forwarding headers are believed only from the configured proxies (see http/trusted-proxy.ts).
    trustProxy:
      options.name !== 'gateway' && trustedProxyAddresses(config.TRUSTED_GATEWAYS).length > 0
        ? trustedProxyAddresses(config.TRUSTED_GATEWAYS)
        : false,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: answerRouterErrors,
    ...requestIdOptions(),
  }).withTypeProvider<ZodTypeProvider>();

  // Browsers and fetch wrappers send `Content-Type: application/json` with no body on action
  // routes (logout, refresh, approve): an empty JSON body means "no body", not a 400.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return jsonParser(request, body as string, done);
  });

  // Services: a forwarded address counts only with the internal credential (the gateway's hop).
  // The gateway is the edge and reads its own TRUSTED_PROXIES (src/proxy/client-ip.ts).
  if (options.name !== 'gateway') dropUntrustedForwarding(app, config.INTERNAL_SERVICE_TOKEN);
  registerNoStoreForPrivateAnswers(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.NODE_ENV === 'test' ? checkedSerializerCompiler : serializerCompiler);
  // A route that declares its answer also gets the error envelope under every error status, so the
  // OpenAPI shows (and the serializer holds to) both without each route repeating them.
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !route.schema?.hide) route.schema!.response = { ...errorResponses, ...response };
  });
  refuseUnsafeText(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });

  const db = options.schema ? createDb(config.DATABASE_URL, options.schema, config.DATABASE_POOL_MAX) : undefined;
  const redis = createRedis(config.REDIS_URL, config.REDIS_PREFIX);
  // The gateway has no database: `app.db` is only touched by services that own a schema.
  if (db) app.decorate('db', db);
  app.decorate('redis', redis);
  app.decorate('config', config as BaseConfig);
  app.addHook('onClose', async () => {
    await db?.destroy();
    redis.disconnect();
  });

  await app.register(localePlugin);
  if (options.cookies !== false) await app.register(cookie);
  await app.register(authPlugin, {
    verifier: createJwtVerifier({ jwks: options.jwks, jwksUrl: config.AUTH_JWKS_URL, redis }),
  });
  registerErrorHandler(app);
  if (options.name !== 'gateway') {
    guardRoutesFromTable(app, options.name, config.INTERNAL_SERVICE_TOKEN);
    if (db) {
      recordAdminWrites(app);
      registerAuditLogRoute(app);
    }
  }

  await app.register(swagger, {
    openapi: {
      info: { title: `${options.name} service`, description: options.description, version: '1.0.0' },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // /internal routes are service-to-service only: keep them out of the public docs.
    hideUntagged: false,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerServingWork(app);
  registerHealthRoutes(app, options.name, {
    ...(db ? { postgres: () => db.raw('select 1') } : {}),
    redis: () => redis.ping(),
    ...options.readiness,
  });
  registerMetrics(app, { service: options.name, internalToken: config.INTERNAL_SERVICE_TOKEN, db });
  return app;
}

export type CreatedServiceApp = Awaited<ReturnType<typeof createServiceApp>>;
