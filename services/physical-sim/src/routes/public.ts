import { balanceCheckResultSchema, successSchema } from '@esim/contracts';
import {
  applyUsageReports,
  ok,
  signedWebhookScope,
  type CreatedServiceApp,
  type UsageReports,
  type WebhookSignature,
} from '@esim/platform';
import { cardBalanceCheck } from '../cards/balance-check';
import { applyCardUsage } from '../cards/usage';
import type { PhysicalSimContext } from '../context';
import { serialParams, usageWebhookAnswer, usageWebhookBody } from '../schemas';

/** The usage webhook's signature: `X-Physical-Sim-Timestamp` (unix seconds), `X-Physical-Sim-Signature` (hex HMAC-SHA256 of `<timestamp>.<raw body>`). */
export const usageWebhookSignature = (secret: string): WebhookSignature => ({
  secret,
  timestampHeader: 'x-physical-sim-timestamp',
  signatureHeader: 'x-physical-sim-signature',
  invalidCode: 'physical_sim_webhook_signature_invalid',
  tooOldCode: 'physical_sim_webhook_too_old',
});

/**
 * The public balance check of a physical card by its serial number (6 or more digits, docs/product.md,
 * The balance check), rate-limited at the gateway ('public-lookup'), and the operator's signed usage webhook.
 */
export function publicRoutes(app: CreatedServiceApp, ctx: PhysicalSimContext): void {
  app.get(
    '/public/balance/physical-sim/:id',
    { schema: { response: { 200: successSchema(balanceCheckResultSchema) }, tags: ['public'], params: serialParams } },
    async (request, reply) => {
      const result = await cardBalanceCheck(app.db, request.params.id, { demoMode: app.config.APP_MODE === 'demo' });
      // The same texts as the eSIM check: both answer one page.
      return ok(reply, result, result.demo ? 'balance_check_demo_loaded' : 'balance_check_loaded');
    },
  );

  signedWebhookScope(app, usageWebhookSignature(ctx.config.PHYSICAL_SIM_WEBHOOK_SECRET), (scope) => {
    scope.post(
      '/webhooks/physical-sim-usage',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Usage reports of physical cards from the operator (HMAC-SHA256 signed)',
          body: usageWebhookBody,
          response: { 200: successSchema(usageWebhookAnswer) },
        },
      },
      async (request, reply) => {
        const answer = await applyUsageReports(app.db, request.body as UsageReports, applyCardUsage);
        return ok(reply, answer, 'physical_sim_usage_recorded');
      },
    );
  });
}
