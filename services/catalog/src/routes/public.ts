import {
  countryPackagesSchema,
  coverageSchema,
  destinationSearchSchema,
  destinationsSchema,
  publicCountryDetailSchema,
  publicCountrySchema,
  regionCountSchema,
  responds,
  translate,
  type Locale,
} from '@esim/contracts';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CreatedServiceApp } from '@esim/platform';
import { foldForSearch, type PackageSort } from '@esim/contracts';
import { etagMatches, PUBLIC_CACHE_CONTROL, type CachedResponse, type PublicCatalogCache } from '../public/cache';
import {
  countriesView,
  countryPackagesView,
  countryView,
  coverageView,
  destinationSearchView,
  destinationsView,
  regionsView,
} from '../public/views';
import { countriesQuery, countryPackagesQuery, searchQuery, slugParams } from '../schemas';

/**
 * The public site's reads (no token). Each answer is built once per snapshot, locale and query,
 * then served from memory with a strong ETag; `If-None-Match` gets a 304. The declared response
 * schemas document the answers; the cached body is a string already, so fastify sends it as it is
 * (no serializer runs on the hot path) and the tests check the bodies against the schemas.
 */
const envelope = (locale: Locale, data: unknown) => ({
  success: true,
  code: 'ok',
  message: translate('ok', locale),
  data,
});
const tags = ['public'];

/** Sends a cached response with its validators, or 304 when the client already has it. */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  reply.header('etag', cached.etag).header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'Accept-Language');
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

export function publicRoutes(app: CreatedServiceApp, cache: PublicCatalogCache): void {
  app.get(
    '/public/countries',
    { schema: { tags, querystring: countriesQuery, response: responds(200, z.array(publicCountrySchema)) } },
    async (request, reply) => {
      const { search, region } = request.query;
      const { locale } = request;
      // Keyed by the folded search: 'TÜRKİYE' and 'türkiye' are one entry.
      const key = `countries|${locale}|${region ?? ''}|${foldForSearch(search ?? '')}`;
      return sendCached(
        request,
        reply,
        await cache.respond(key, (s) => envelope(locale, countriesView(s, locale, { search, region }))),
      );
    },
  );

  app.get(
    '/public/countries/:slug',
    { schema: { tags, params: slugParams, response: responds(200, publicCountryDetailSchema) } },
    async (request, reply) => {
      const { slug } = request.params;
      const { locale } = request;
      return sendCached(
        request,
        reply,
        await cache.respond(`country|${locale}|${slug}`, (s) => envelope(locale, countryView(s, locale, slug))),
      );
    },
  );

  app.get(
    '/public/countries/:slug/packages',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: countryPackagesQuery,
        response: responds(200, countryPackagesSchema),
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const query = request.query;
      const sort = (query.sort?.replace(/^-/, '') ?? 'duration') as PackageSort;
      const order = query.order
        ? (query.order.toLowerCase() as 'asc' | 'desc')
        : query.sort?.startsWith('-')
          ? 'desc'
          : 'asc';
      const { locale } = request;
      const key = `packages|${locale}|${slug}|${sort}|${order}`;
      return sendCached(
        request,
        reply,
        await cache.respond(key, (s) => envelope(locale, countryPackagesView(s, locale, { slug, sort, order }))),
      );
    },
  );

  app.get(
    '/public/destinations',
    { schema: { tags, response: responds(200, destinationsSchema) } },
    async (request, reply) => {
      const { locale } = request;
      return sendCached(
        request,
        reply,
        await cache.respond(`destinations|${locale}`, (s) => envelope(locale, destinationsView(s, locale))),
      );
    },
  );

  app.get(
    '/public/regions',
    { schema: { tags, response: responds(200, z.array(regionCountSchema)) } },
    async (request, reply) => {
      const { locale } = request;
      return sendCached(
        request,
        reply,
        await cache.respond(`regions|${locale}`, (s) => envelope(locale, regionsView(s, locale))),
      );
    },
  );

  app.get(
    '/public/search',
    { schema: { tags, querystring: searchQuery, response: responds(200, destinationSearchSchema) } },
    async (request, reply) => {
      const { q = '' } = request.query;
      const { locale } = request;
      const key = `search|${locale}|${foldForSearch(q)}`;
      return sendCached(
        request,
        reply,
        await cache.respond(key, (s) => envelope(locale, destinationSearchView(s, locale, q))),
      );
    },
  );

  app.get('/public/coverage', { schema: { tags, response: responds(200, coverageSchema) } }, async (request, reply) => {
    const { locale } = request;
    return sendCached(
      request,
      reply,
      await cache.respond(`coverage|${locale}`, (s) => envelope(locale, coverageView(s, locale))),
    );
  });
}
