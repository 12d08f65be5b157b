import type { CreatedServiceApp } from '@esim/platform';
import { idempotentRequest, listQuery, ok, okList, RequestValidationError, toListQuery } from '@esim/platform';
import type { z } from 'zod';
import { adminCountryView, getCountry, listCountries, updateCountry } from '../countries/admin';
import { adminPackageView, createPackage, deactivatePackage, getPackage, listPackages, updatePackage } from '../packages/admin';
import type { CatalogChanges } from '../public/invalidation';
import { countryFilter, countryIdParams, createPackageBody, packageFilter, packageIdParams, updateCountryBody, updatePackageBody } from '../schemas';

/** react-admin simple-rest's `filter={...}` keys, checked like any other input (400 naming `filter.<key>`). */
function parseFilter<S extends z.ZodType>(schema: S, filter: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(filter);
  if (!result.success) {
    throw new RequestValidationError('querystring', result.error.issues.map((issue) => ({ ...issue, path: ['filter', ...issue.path] })));
  }
  return result.data;
}

/** Catalog management for admins in react-admin's simple-rest shape; every write refreshes the public catalog. */
export function adminCatalogRoutes(app: CreatedServiceApp, changes: CatalogChanges): void {
  const tags = ['admin'];

  app.get('/admin/packages', { schema: { tags, querystring: listQuery() } }, async (request, reply) => {
    const query = toListQuery(request.query);
    const { rows, total } = await listPackages(app.db, query, parseFilter(packageFilter, query.filter));
    return okList(reply, rows.map(adminPackageView), total, query, 'packages');
  });

  app.get('/admin/packages/:id', { schema: { tags, params: packageIdParams } }, async (request, reply) => {
    return ok(reply, adminPackageView(await getPackage(app.db, request.params.id)));
  });

  // Optional Idempotency-Key: a retried create replays the first answer instead of a 409 on the code.
  app.post('/admin/packages', { schema: { tags, body: createPackageBody } }, async (request, reply) => {
    const correlationId = String(request.id);
    const result = await idempotentRequest(app.db, request, reply, { scope: 'catalog:create-package' }, async (trx) => ({
      statusCode: 201,
      body: adminPackageView(await createPackage(trx, request.body, correlationId)),
    }));
    await changes.changed();
    return ok(reply, result.body, 'package_created', result.statusCode);
  });

  app.put('/admin/packages/:id', { schema: { tags, params: packageIdParams, body: updatePackageBody } }, async (request, reply) => {
    const row = await app.db.transaction((trx) => updatePackage(trx, request.params.id, request.body, String(request.id)));
    await changes.changed();
    return ok(reply, adminPackageView(row), 'package_updated');
  });

  app.delete('/admin/packages/:id', { schema: { tags, params: packageIdParams } }, async (request, reply) => {
    const row = await app.db.transaction((trx) => deactivatePackage(trx, request.params.id, String(request.id)));
    await changes.changed();
    return ok(reply, adminPackageView(row), 'package_deactivated');
  });

  app.get('/admin/countries', { schema: { tags, querystring: listQuery() } }, async (request, reply) => {
    const query = toListQuery(request.query);
    const { rows, total } = await listCountries(app.db, query, parseFilter(countryFilter, query.filter));
    return okList(reply, rows.map(adminCountryView), total, query, 'countries');
  });

  app.get('/admin/countries/:id', { schema: { tags, params: countryIdParams } }, async (request, reply) => {
    return ok(reply, adminCountryView(await getCountry(app.db, request.params.id)));
  });

  app.put('/admin/countries/:id', { schema: { tags, params: countryIdParams, body: updateCountryBody } }, async (request, reply) => {
    const row = await app.db.transaction((trx) => updateCountry(trx, request.params.id, request.body));
    await changes.changed();
    return ok(reply, adminCountryView(row), 'country_updated');
  });
}
