import { centsToEuros, fileResponse, responds, userInvoiceSchema } from '@esim/contracts';
import { notFound, ok } from '@esim/platform';
import { z } from 'zod';
import type { AuthApp, AuthContext } from '../context';
import { findInvoice, issuedInvoiceOfSale } from '../invoices/invoices';
import { invoiceIdParams, sendInvoicePdf } from './admin/invoices';

const orderParams = z.object({ orderId: z.uuid({ message: 'invalid_id' }) });

/** The buyer's own invoices: the one of an order (for its page's link) and its PDF. */
export function userInvoiceRoutes(app: AuthApp, ctx: AuthContext): void {
  app.get(
    '/user/orders/:orderId/invoice',
    {
      schema: {
        tags: ['invoices'],
        summary: "The order's issued e-Arşiv invoice (404 until it is issued, or for another's order)",
        params: orderParams,
        response: responds(200, userInvoiceSchema),
      },
    },
    async (request, reply) => {
      const row = await issuedInvoiceOfSale(app.db, request.user!.id, request.params.orderId);
      if (!row) throw notFound('invoice_not_found');
      return ok(reply, {
        id: row.id,
        number: row.number!,
        sale_number: row.sale_number,
        total: centsToEuros(Number(row.total_cents)),
        total_cents: Number(row.total_cents),
        issued_at: row.issued_at!.toISOString(),
        pdf_path: `/user/invoices/${row.id}/pdf`,
      });
    },
  );

  app.get(
    '/user/invoices/:id/pdf',
    {
      schema: {
        tags: ['invoices'],
        params: invoiceIdParams,
        response: { 200: fileResponse('application/pdf', 'The invoice as the provider prints it') },
      },
    },
    async (request, reply) => {
      const row = await findInvoice(app.db, request.params.id);
      // Someone else's document answers as no document at all, so ids reveal nothing.
      if (!row || row.account_id !== request.user!.id) throw notFound('invoice_not_found');
      return sendInvoicePdf(ctx, row, reply);
    },
  );
}
