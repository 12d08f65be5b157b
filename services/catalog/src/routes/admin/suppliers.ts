import {
  adminPackageSchema,
  marginRuleBody,
  marginRuleSchema,
  repriceResultSchema,
  responds,
  respondsList,
  supplierOfferSchema,
} from '@esim/contracts';
import type { CreatedServiceApp } from '@esim/platform';
import { describeAudit, idempotentRequest, listQuery, ok, okList, toListQuery } from '@esim/platform';
import { z } from 'zod';
import { adminPackageView } from '../../packages/admin';
import type { CatalogChanges } from '../../public/invalidation';
import { describePackage } from './catalog';
import {
  createFromOfferBody,
  mapOfferBody,
  offerIdParams,
  packageIdParams,
  repriceBody,
  resumePackageBody,
  supplierOfferFilters,
} from '../../schemas';
import { createFromOffer, mapOffer } from '../../suppliers/from-offer';
import { marginRuleView, readMarginRule, writeMarginRule } from '../../suppliers/margin';
import { countryRegions, getOffer, listOffers, offerView } from '../../suppliers/offers';
import { repricePackages, resumePackage } from '../../suppliers/paused';

const offersQuery = listQuery(supplierOfferFilters, { id: z.uuid({ message: 'invalid_id' }) });

/**
 * Suppliers per package for admins: the suppliers' offers (synced in by the esim service), a package
 * made from an offer or an offer mapped to a package, the margin rule, and the decisions on packages
 * that stopped selling because their cost rose above their price. Every write that changes what
 * buyers see refreshes the public catalog.
 */
export function supplierRoutes(app: CreatedServiceApp, changes: CatalogChanges): void {
  const tags = ['admin'];

  app.get(
    '/admin/supplier-offers',
    { schema: { tags, querystring: offersQuery, response: respondsList(supplierOfferSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const [{ rows, total }, rule, byRegion] = await Promise.all([
        listOffers(app.db, query, { ...query.filters, id: query.ids }),
        readMarginRule(app.db),
        countryRegions(app.db),
      ]);
      return okList(
        reply,
        rows.map((row) => offerView(row, rule, byRegion)),
        total,
        query,
        'supplier-offers',
      );
    },
  );

  app.get(
    '/admin/supplier-offers/:id',
    { schema: { tags, params: offerIdParams, response: responds(200, supplierOfferSchema) } },
    async (request, reply) => {
      const [row, rule, byRegion] = await Promise.all([
        getOffer(app.db, request.params.id),
        readMarginRule(app.db),
        countryRegions(app.db),
      ]);
      return ok(reply, offerView(row, rule, byRegion));
    },
  );

  // Optional Idempotency-Key, as POST /admin/packages: a retried create replays the first answer.
  app.post(
    '/admin/supplier-offers/:id/package',
    {
      schema: { tags, params: offerIdParams, body: createFromOfferBody, response: responds(201, adminPackageSchema) },
    },
    async (request, reply) => {
      const result = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'catalog:create-package-from-offer' },
        async (trx) => {
          const rule = await readMarginRule(trx);
          const row = await createFromOffer(trx, request.params.id, request.body, {
            rule,
            locale: request.locale,
            correlationId: String(request.id),
          });
          return { statusCode: 201, body: adminPackageView(row) };
        },
      );
      await changes.changed();
      describePackage(request, result.body);
      return ok(reply, result.body, 'package_created', result.statusCode);
    },
  );

  app.post(
    '/admin/supplier-offers/:id/map',
    { schema: { tags, params: offerIdParams, body: mapOfferBody, response: responds(200, adminPackageSchema) } },
    async (request, reply) => {
      const row = await app.db.transaction((trx) =>
        mapOffer(trx, request.params.id, request.body, { locale: request.locale, correlationId: String(request.id) }),
      );
      await changes.changed();
      const view = adminPackageView(row);
      describePackage(request, view);
      return ok(reply, view, 'supplier_offer_mapped_to_package');
    },
  );

  app.get(
    '/admin/margin-rule',
    { schema: { tags, response: responds(200, marginRuleSchema) } },
    async (_request, reply) => ok(reply, marginRuleView(await readMarginRule(app.db))),
  );

  app.put(
    '/admin/margin-rule',
    { schema: { tags, body: marginRuleBody, response: responds(200, marginRuleSchema) } },
    async (request, reply) => {
      const row = await app.db.transaction((trx) => writeMarginRule(trx, request.body, request.user!.id));
      return ok(reply, marginRuleView(row), 'margin_rule_updated');
    },
  );

  app.post(
    '/admin/packages/reprice',
    { schema: { tags, body: repriceBody, response: responds(200, repriceResultSchema) } },
    async (request, reply) => {
      const result = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'catalog:reprice-packages' },
        async (trx) => ({
          statusCode: 200,
          body: await repricePackages(trx, request.body, {
            rule: await readMarginRule(trx),
            correlationId: String(request.id),
          }),
        }),
      );
      if (result.body.changed > 0 && !result.body.dry_run) await changes.changed();
      const { changed, dry_run: dryRun } = result.body;
      describeAudit(request, { targetName: String(changed), detail: dryRun ? 'preview' : null });
      return ok(reply, result.body, result.body.dry_run ? 'packages_reprice_preview' : 'packages_repriced');
    },
  );

  app.post(
    '/admin/packages/:id/resume',
    { schema: { tags, params: packageIdParams, body: resumePackageBody, response: responds(200, adminPackageSchema) } },
    async (request, reply) => {
      const result = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'catalog:resume-package' },
        async (trx) => ({
          statusCode: 200,
          body: adminPackageView(
            await resumePackage(trx, request.params.id, request.body, {
              locale: request.locale,
              correlationId: String(request.id),
            }),
          ),
        }),
      );
      await changes.changed();
      describePackage(request, result.body);
      return ok(reply, result.body, 'package_resumed');
    },
  );
}
