import { z } from 'zod';
import { responds } from '@esim/contracts';
import { AppError, ok, type CreatedServiceApp } from '@esim/platform';
import type { EsimContext } from '../context';
import { SupplierWebhookRefused } from '../provider/supplier';
import { handleNotices } from '../suppliers/notices';

const answer = z.object({ received: z.number().int() });

/**
 * Each configured supplier's webhook (`/webhooks/airalo`, `/webhooks/esimaccess`): the raw body goes
 * to the adapter, which checks it (Airalo's signature; eSIM Access's sender and a read-back from its
 * API) and deduplicates it; what it understood is then acted on. A call that is not the supplier's is
 * a 401 and changes nothing; one we cannot handle now is a 503, so the supplier sends it again.
 * A GET (and so a HEAD) answers 200: Airalo checks the address that way before it sends.
 */
export function supplierWebhookRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  for (const name of ['airalo', 'esimaccess'] as const) {
    const path = `/webhooks/${name}`;
    // A supplier not configured here has nothing to say to us: its address answers 404.
    const configured = () => {
      const supplier = ctx.suppliers.find((s) => s.name === name);
      if (!supplier) throw new AppError(404, 'supplier_not_configured');
      return supplier;
    };
    app.register(async (scope) => {
      const raw = scope as unknown as CreatedServiceApp;
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.get(
        path,
        {
          schema: {
            tags: ['webhooks'],
            summary: `${name}: the address check`,
            response: responds(200, answer),
          },
        },
        async (_request, reply) => {
          configured();
          return ok(reply, { received: 0 });
        },
      );
      raw.post(
        path,
        {
          schema: {
            tags: ['webhooks'],
            summary: `${name}: an order allocated, an eSIM's usage or state, a balance warning (checked by the adapter)`,
            body: z.unknown().describe("The supplier's own notification, as it sends it"),
            response: responds(200, answer),
          },
        },
        async (request, reply) => {
          const supplier = configured();
          let notices;
          try {
            notices = await supplier.webhook(app.db, {
              headers: request.headers,
              rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.from(JSON.stringify(request.body ?? null)),
              ip: request.ip,
            });
          } catch (error) {
            if (error instanceof SupplierWebhookRefused)
              throw new AppError(401, 'supplier_webhook_refused', { cause: error });
            throw new AppError(503, 'supplier_webhook_failed', { cause: error });
          }
          await handleNotices(app.db, ctx, supplier, notices, request.log);
          return ok(reply, { received: notices.length }, 'esim_webhook_received');
        },
      );
    });
  }
}
