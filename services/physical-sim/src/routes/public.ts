import { balanceCheckResultSchema, DEMO_LOOKUPS, successSchema } from '@esim/contracts';
import {
  applyUsageReports,
  notFound,
  ok,
  signedWebhookScope,
  type CreatedServiceApp,
  type UsageReports,
  type WebhookSignature,
} from '@esim/platform';
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
 * The public balance check of a physical card by its serial number (6 or more digits, docs/product.md, The balance check): the
 * card's data bundle as the balance-check result (type, status, package, total / used / remaining
 * MB, dates, country, operator). Rate-limited at the gateway ('public-lookup'). Its usage arrives
 * from the operator on the signed webhook, as eSIM usage does (cumulative bytes per ICCID).
 */
export function publicRoutes(app: CreatedServiceApp, ctx: PhysicalSimContext): void {
  app.get(
    '/public/balance/physical-sim/:id',
    { schema: { response: { 200: successSchema(balanceCheckResultSchema) }, tags: ['public'], params: serialParams } },
    async (request, reply) => {
      const row = await app
        .db('cards as c')
        .join('card_bundles as b', 'b.card_id', 'c.id')
        .whereNull('c.deleted_at')
        .where('c.serial_number', request.params.id)
        .first('c.serial_number', 'b.*');
      if (!row) throw notFound('physical_sim_not_found');
      const expired = row.expires_at && new Date(row.expires_at) < new Date();
      const status = expired
        ? 'expired'
        : row.status === 'active'
          ? 'active'
          : row.status === 'expired'
            ? 'expired'
            : 'inactive';
      const result = {
        type: 'physical' as const,
        orderNumber: row.serial_number as string,
        status,
        packageName: row.package_name as string,
        totalData: row.total_mb as number,
        usedData: Math.min(Number(row.used_mb), row.total_mb as number),
        remainingData: Math.max(0, Math.round(((row.total_mb as number) - Number(row.used_mb)) * 100) / 100),
        activationDate: row.activated_at ? new Date(row.activated_at).toISOString() : null,
        expiryDate: row.expires_at ? new Date(row.expires_at).toISOString() : null,
        country: (row.country as string | null) ?? '',
        operator: (row.operator as string | null) ?? '',
        // The seeded demo serials in demo mode: the page labels the answer as demo data.
        demo:
          app.config.APP_MODE === 'demo' &&
          (Object.values(DEMO_LOOKUPS.physicalSerials) as string[]).includes(row.serial_number as string),
      };
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
