import type { CreatedServiceApp } from '@esim/platform';
import { describeAudit, idempotentRequest, listQuery, ok, okList, toListQuery } from '@esim/platform';
import { adminCountrySchema, adminPackageSchema, eurosToCents, responds, respondsList } from '@esim/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminCountryView, getCountry, listCountries, updateCountry } from '../../countries/admin';
import {
  adminPackageView,
  createPackage,
  deactivatePackage,
  getPackage,
  listPackages,
  updatePackage,
} from '../../packages/admin';
import type { CatalogChanges } from '../../public/invalidation';
import {
  countryCode,
  countryFilters,
  countryIdParams,
  createPackageBody,
  packageFilters,
  packageIdParams,
  updateCountryBody,
  updatePackageBody,
} from '../../schemas';

const packagesQuery = listQuery(packageFilters, { id: z.uuid() });
const countriesQuery = listQuery(countryFilters, { id: countryCode });

/** A package write names the package by its code and, as its price may have moved, its retail price then. */
export function describePackage(
  request: FastifyRequest,
  pkg: { id: string; code: string; retail_price: number },
): void {
  describeAudit(request, { targetId: pkg.id, targetName: pkg.code, amountCents: eurosToCents(pkg.retail_price) });
}

/** Catalog management for admins in react-admin's simple-rest shape; every write refreshes the public catalog. */
export function catalogRoutes(app: CreatedServiceApp, changes: CatalogChanges): void {
  const tags = ['admin'];

  app.get(
    '/admin/packages',
    { schema: { tags, querystring: packagesQuery, response: respondsList(adminPackageSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { rows, total } = await listPackages(app.db, query, { ...query.filters, id: query.ids });
      return okList(reply, rows.map(adminPackageView), total, query, 'packages');
    },
  );

  app.get(
    '/admin/packages/:id',
    { schema: { tags, params: packageIdParams, response: responds(200, adminPackageSchema) } },
    async (request, reply) => {
      return ok(reply, adminPackageView(await getPackage(app.db, request.params.id)));
    },
  );

  // Optional Idempotency-Key: a retried create replays the first answer instead of a 409 on the code.
  app.post(
    '/admin/packages',
    { schema: { tags, body: createPackageBody, response: responds(201, adminPackageSchema) } },
    async (request, reply) => {
      const correlationId = String(request.id);
      const result = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'catalog:create-package' },
        async (trx) => ({
          statusCode: 201,
          body: adminPackageView(await createPackage(trx, request.body, correlationId)),
        }),
      );
      await changes.changed();
      describePackage(request, result.body);
      return ok(reply, result.body, 'package_created', result.statusCode);
    },
  );

  app.put(
    '/admin/packages/:id',
    { schema: { tags, params: packageIdParams, body: updatePackageBody, response: responds(200, adminPackageSchema) } },
    async (request, reply) => {
      const row = await app.db.transaction((trx) =>
        updatePackage(trx, request.params.id, request.body, String(request.id)),
      );
      await changes.changed();
      const view = adminPackageView(row);
      describePackage(request, view);
      return ok(reply, view, 'package_updated');
    },
  );

  app.delete(
    '/admin/packages/:id',
    { schema: { tags, params: packageIdParams, response: responds(200, adminPackageSchema) } },
    async (request, reply) => {
      const row = await app.db.transaction((trx) => deactivatePackage(trx, request.params.id, String(request.id)));
      await changes.changed();
      describeAudit(request, { targetId: row.id, targetName: row.code });
      return ok(reply, adminPackageView(row), 'package_deactivated');
    },
  );

  app.get(
    '/admin/countries',
    { schema: { tags, querystring: countriesQuery, response: respondsList(adminCountrySchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { rows, total } = await listCountries(app.db, query, { ...query.filters, id: query.ids });
      return okList(reply, rows.map(adminCountryView), total, query, 'countries');
    },
  );

  app.get(
    '/admin/countries/:id',
    { schema: { tags, params: countryIdParams, response: responds(200, adminCountrySchema) } },
    async (request, reply) => {
      return ok(reply, adminCountryView(await getCountry(app.db, request.params.id)));
    },
  );

  app.put(
    '/admin/countries/:id',
    { schema: { tags, params: countryIdParams, body: updateCountryBody, response: responds(200, adminCountrySchema) } },
    async (request, reply) => {
      const row = await app.db.transaction((trx) => updateCountry(trx, request.params.id, request.body));
      await changes.changed();
      describeAudit(request, { targetId: row.a2, targetName: row.name_tr });
      return ok(reply, adminCountryView(row), 'country_updated');
    },
  );
}
