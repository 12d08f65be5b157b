import {
  INVOICE_KINDS,
  INVOICE_SALE_TYPES,
  INVOICE_STATUSES,
  fileResponse,
  invoiceSchema,
  invoiceSettingsBody,
  invoiceSettingsSchema,
  responds,
  respondsList,
  statusFilter,
  type InvoiceStatus,
} from '@esim/contracts';
import { AppError, describeAudit, listQuery, notFound, ok, okList, toListQuery } from '@esim/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthApp, AuthContext } from '../../context';
import {
  findInvoice,
  invoiceView,
  listInvoices,
  readInvoiceSettings,
  retryInvoice,
  writeInvoiceSettings,
  type InvoiceRow,
} from '../../invoices/invoices';

const listQuerySchema = listQuery({
  status: statusFilter(INVOICE_STATUSES),
  sale_type: z.enum(INVOICE_SALE_TYPES, { message: 'sale_type_invalid' }),
  kind: z.enum(INVOICE_KINDS, { message: 'invoice_kind_invalid' }),
});
export const invoiceIdParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });

/**
 * The document's PDF, asked of the provider now (a provider's links expire, so none is stored or
 * handed out); a provider that cannot answer is a 503 the caller may repeat.
 */
export async function sendInvoicePdf(ctx: AuthContext, row: InvoiceRow, reply: FastifyReply) {
  if (row.status !== 'issued' || !row.provider_id || !row.number) throw notFound('invoice_not_issued');
  let pdf: Buffer;
  try {
    pdf = await ctx.invoices.pdf({
      providerId: row.provider_id,
      number: row.number,
      totalCents: Number(row.total_cents),
      vatCents: Number(row.vat_cents),
    });
  } catch (error) {
    throw new AppError(503, 'invoice_pdf_unavailable', { cause: error });
  }
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="fatura-${row.number}.pdf"`)
    .send(pdf);
}

/** The admin's e-Arşiv documents: the list, one document, "issue again", its PDF, and the VAT rates. */
export function invoiceRoutes(app: AuthApp, ctx: AuthContext): void {
  app.get(
    '/admin/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: 'e-Arşiv invoices and return documents, newest first',
        querystring: listQuerySchema,
        response: respondsList(invoiceSchema),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { items, total } = await listInvoices(app.db, query, {
        status: query.status as InvoiceStatus | undefined,
        saleType: query.filters.sale_type as (typeof INVOICE_SALE_TYPES)[number] | undefined,
        kind: query.filters.kind as (typeof INVOICE_KINDS)[number] | undefined,
      });
      return okList(reply, items, total, query, 'invoices');
    },
  );

  app.get(
    '/admin/invoices/settings',
    {
      schema: {
        tags: ['invoices'],
        summary: 'VAT percent per product type',
        response: responds(200, invoiceSettingsSchema),
      },
    },
    async (_request, reply) => ok(reply, await readInvoiceSettings(app.db)),
  );

  // Sales recorded from the next one on take the new rates; documents already written keep theirs.
  app.put(
    '/admin/invoices/settings',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Change VAT percents (the ones left out keep their value)',
        body: invoiceSettingsBody,
        response: responds(200, invoiceSettingsSchema),
      },
    },
    async (request, reply) => {
      const settings = await writeInvoiceSettings(app.db, request.body, request.user!.id);
      describeAudit(request, {
        detail: `vat ${settings.vat_esim}/${settings.vat_top_up}/${settings.vat_physical_sim}`,
      });
      return ok(reply, settings, 'invoice_settings_updated');
    },
  );

  app.get(
    '/admin/invoices/:id',
    { schema: { tags: ['invoices'], params: invoiceIdParams, response: responds(200, invoiceSchema) } },
    async (request, reply) => {
      const row = await findInvoice(app.db, request.params.id);
      if (!row) throw notFound('invoice_not_found');
      return ok(reply, invoiceView(row));
    },
  );

  app.post(
    '/admin/invoices/:id/retry',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Issue again: a failed or pending document is due now (an issued one is left as it is)',
        params: invoiceIdParams,
        response: responds(200, invoiceSchema),
      },
    },
    async (request, reply) => {
      const row = await retryInvoice(app.db, request.params.id);
      if (!row) throw notFound('invoice_not_found');
      describeAudit(request, { targetId: row.id, targetName: row.number ?? row.sale_number, detail: row.status });
      return ok(reply, invoiceView(row), 'invoice_retry_queued');
    },
  );

  app.get(
    '/admin/invoices/:id/pdf',
    {
      schema: {
        tags: ['invoices'],
        params: invoiceIdParams,
        response: { 200: fileResponse('application/pdf', 'The document as the provider prints it') },
      },
    },
    async (request, reply) => {
      const row = await findInvoice(app.db, request.params.id);
      if (!row) throw notFound('invoice_not_found');
      return sendInvoicePdf(ctx, row, reply);
    },
  );
}
