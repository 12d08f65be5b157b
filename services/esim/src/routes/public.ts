import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ok, signedWebhookScope, type CreatedServiceApp } from '@esim/platform';
import { balanceCheckResultSchema } from '@esim/contracts';
import { responds } from '../api';
import { balanceCheck, parseOrderNumber } from '../balance-check/balance-check';
import type { EsimContext } from '../context';
import { applyUsage, type UsageOutcome } from '../profiles/usage';
import { webhookSignature } from '../profiles/webhook';

const balanceParams = z.object({ id: z.string().max(100) });
const usageReport = z.object({
  id: z.string().trim().min(1).max(200).optional(),
  iccid: z.string().regex(/^[0-9]{19,20}$/, { message: 'esim_iccid_invalid' }),
  used_bytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  recorded_at: z.iso.datetime({ offset: true }).optional(),
});
const webhookBody = z.object({ reports: z.array(usageReport).min(1).max(1000) });
const webhookAnswer = z.object({ applied: z.number().int(), replayed: z.number().int(), unknown: z.array(z.string()) });

/** Public routes: the balance check by order number (rate-limited at the gateway) and the signed usage webhook. */
export function publicRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  app.get('/public/balance/esim/:id', { schema: { tags: ['public'], params: balanceParams, response: responds(200, balanceCheckResultSchema) } }, async (request, reply) => {
    const orderNumber = parseOrderNumber(request.params.id, request.locale);
    const result = await balanceCheck(app.db, orderNumber, request.locale);
    reply.header('cache-control', 'no-store');
    return ok(reply, result, result.demo ? 'balance_check_demo_loaded' : 'balance_check_loaded');
  });

  // Signed by the provider (platform's signedWebhookScope: raw body kept, signature checked first).
  signedWebhookScope(app, webhookSignature(ctx.config.ESIM_WEBHOOK_SECRET), (scope) => {
    scope.post(
      '/webhooks/esim-usage',
      {
        schema: { tags: ['webhooks'], summary: 'Usage reports from the provider (HMAC-SHA256 signed)', body: webhookBody, response: responds(200, webhookAnswer) },
      },
      async (request, reply) => {
        const outcomes = await app.db.transaction(async (trx) => {
          const result: Array<{ iccid: string; outcome: UsageOutcome }> = [];
          for (const report of (request.body as z.infer<typeof webhookBody>).reports) {
            const outcome = await applyUsage(trx, {
              eventId: `webhook:${report.id ?? randomUUID()}`,
              iccid: report.iccid,
              usedBytes: report.used_bytes,
              recordedAt: report.recorded_at ? new Date(report.recorded_at) : new Date(),
              source: 'webhook',
            });
            result.push({ iccid: report.iccid, outcome });
          }
          return result;
        });
        return ok(
          reply,
          {
            applied: outcomes.filter((o) => o.outcome === 'applied').length,
            replayed: outcomes.filter((o) => o.outcome === 'replayed').length,
            unknown: outcomes.filter((o) => o.outcome === 'unknown_iccid').map((o) => o.iccid),
          },
          'esim_usage_recorded',
        );
      },
    );
  });
}
