import {
  cardDetailSchema,
  cardSchema,
  listSchema,
  responds,
  serialRangePreviewSchema,
  successSchema,
} from '@esim/contracts';
import { z } from 'zod';
import { describeAudit, ok, okList, toListQuery, type CreatedServiceApp } from '@esim/platform';
import {
  cardDetail,
  deleteStockCard,
  deleteStockCards,
  returnCardsToAdmin,
  searchStock,
  setCardsStatus,
  setCardStatus,
  stockDashboard,
  stockPage,
  stockStatistics,
  stockSummary,
  transferCards,
  transferPreview,
} from '../../cards/admin-stock';
import { deletionInfo } from '../../cards/stock';
import {
  bulkDeleteBody,
  bulkDeleteResultSchema,
  bulkStatusResultSchema,
  deletedCardSchema,
  deletionInfoSchema,
  returnToAdminResultSchema,
  stockDashboardSchema,
  stockDayStatisticsSchema,
  stockSummaryRowSchema,
  transferResultSchema,
  bulkStatusBody,
  deleteBody,
  idParams,
  returnToAdminBody,
  searchQuery,
  serialRangeQuery,
  statisticsQuery,
  statusBody,
  stockQuery,
  transferBody,
} from '../../schemas';

/** Admin stock: lists, counts, status changes, transfers, deletion. */
export function stockRoutes(app: CreatedServiceApp): void {
  app.get(
    '/admin/physical-sim/stock',
    { schema: { response: { 200: listSchema(cardSchema) }, tags: ['admin'], querystring: stockQuery } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { cards, total } = await stockPage(app.db, query);
      return okList(reply, cards, total, query, 'stock');
    },
  );

  app.get(
    '/admin/physical-sim/stock/search',
    { schema: { response: { 200: successSchema(z.array(cardSchema)) }, tags: ['admin'], querystring: searchQuery } },
    async (request, reply) => ok(reply, await searchStock(app.db, request.query.q, request.query.limit)),
  );

  app.get(
    '/admin/physical-sim/stock/dashboard',
    { schema: { tags: ['admin'], response: responds(200, stockDashboardSchema) } },
    async (_request, reply) => ok(reply, await stockDashboard(app.db)),
  );

  app.get(
    '/admin/physical-sim/stock/statistics',
    {
      schema: {
        tags: ['admin'],
        querystring: statisticsQuery,
        response: responds(200, z.array(stockDayStatisticsSchema)),
      },
    },
    async (request, reply) => {
      const { days, start_date: start, end_date: end } = request.query;
      return ok(reply, await stockStatistics(app.db, { days, start, end }));
    },
  );

  app.get(
    '/admin/physical-sim/stock/summary',
    { schema: { tags: ['admin'], response: responds(200, z.array(stockSummaryRowSchema)) } },
    async (_request, reply) => ok(reply, await stockSummary(app.db)),
  );

  app.get(
    '/admin/physical-sim/stock/transfer-preview',
    { schema: { tags: ['admin'], querystring: serialRangeQuery, response: responds(200, serialRangePreviewSchema) } },
    async (request, reply) =>
      ok(reply, await transferPreview(app.db, request.query.serial_from, request.query.serial_to)),
  );

  app.get(
    '/admin/physical-sim/stock/:id',
    { schema: { response: { 200: successSchema(cardDetailSchema) }, tags: ['admin'], params: idParams } },
    async (request, reply) => ok(reply, await cardDetail(app.db, request.params.id)),
  );

  app.get(
    '/admin/physical-sim/stock/:id/deletion-info',
    { schema: { tags: ['admin'], params: idParams, response: responds(200, deletionInfoSchema) } },
    async (request, reply) => ok(reply, await deletionInfo(app.db, request.params.id)),
  );

  app.put(
    '/admin/physical-sim/stock/:id/status',
    { schema: { response: { 200: successSchema(cardSchema) }, tags: ['admin'], params: idParams, body: statusBody } },
    async (request, reply) => {
      const { status, reason } = request.body;
      const card = await setCardStatus(app.db, request.params.id, status, request.user!.id, reason ?? null);
      describeAudit(request, { targetId: card.id, targetName: card.serial_number, detail: status });
      return ok(reply, card, 'card_status_updated');
    },
  );

  app.put(
    '/admin/physical-sim/stock/bulk-status-update',
    { schema: { tags: ['admin'], body: bulkStatusBody, response: responds(200, bulkStatusResultSchema) } },
    async (request, reply) => {
      const { card_ids: ids, status, reason } = request.body;
      const results = await setCardsStatus(app.db, ids, status, request.user!.id, reason ?? null);
      const updated = results.filter((r) => r.ok).length;
      describeAudit(request, { targetName: String(updated), detail: status });
      return ok(reply, { updated, failed: results.filter((r) => !r.ok).length, results });
    },
  );

  app.post(
    '/admin/physical-sim/stock/transfer-to-dealer',
    { schema: { tags: ['admin'], body: transferBody, response: responds(200, transferResultSchema) } },
    async (request, reply) => {
      const body = request.body;
      const { cardIds, dealerName } = await transferCards(
        app.db,
        {
          dealerId: body.dealer_id,
          cardIds: body.card_ids,
          serialFrom: body.serial_from,
          serialTo: body.serial_to,
          reason: body.reason ?? null,
        },
        request.user!.id,
      );
      describeAudit(request, { targetId: body.dealer_id, targetName: dealerName, detail: String(cardIds.length) });
      return ok(
        reply,
        { transferred: cardIds.length, card_ids: cardIds, dealer_id: body.dealer_id },
        'cards_transferred',
      );
    },
  );

  app.post(
    '/admin/physical-sim/stock/return-to-admin',
    { schema: { tags: ['admin'], body: returnToAdminBody, response: responds(200, returnToAdminResultSchema) } },
    async (request, reply) => {
      const { card_ids: ids, reason } = request.body;
      const count = await returnCardsToAdmin(app.db, ids, request.user!.id, reason ?? null);
      describeAudit(request, { targetName: String(count) });
      return ok(reply, { returned: count, card_ids: ids }, 'cards_returned_to_admin');
    },
  );

  app.delete(
    '/admin/physical-sim/stock/:id',
    { schema: { tags: ['admin'], params: idParams, body: deleteBody, response: responds(200, deletedCardSchema) } },
    async (request, reply) => {
      const serial = await deleteStockCard(app.db, request.params.id, request.user!.id, request.body.reason);
      describeAudit(request, { targetId: request.params.id, targetName: serial });
      return ok(reply, { id: request.params.id, deleted: true }, 'card_deleted');
    },
  );

  // A result per card: the deletable ones go, the others say why not.
  app.post(
    '/admin/physical-sim/stock/bulk-delete',
    { schema: { tags: ['admin'], body: bulkDeleteBody, response: responds(200, bulkDeleteResultSchema) } },
    async (request, reply) => {
      const results = await deleteStockCards(app.db, request.body.card_ids, request.user!.id, request.body.reason);
      const deleted = results.filter((r) => r.ok).length;
      reply.request.log.info({ deleted }, 'bulk delete');
      describeAudit(request, { targetName: String(deleted) });
      return ok(reply, { deleted, failed: results.length - deleted, results }, 'cards_deleted');
    },
  );
}
