import { z } from 'zod';
import {
  applyUsageReports,
  ok,
  signedWebhookScope,
  usageReportsAnswer,
  usageReportsBody,
  type CreatedServiceApp,
  type UsageReports,
} from '@esim/platform';
import { balanceCheckResultSchema, INSTALL_TOKEN_PATTERN, installPageSchema, responds } from '@esim/contracts';
import { balanceCheck, parseBalanceRef } from '../balance-check/balance-check';
import type { EsimContext } from '../context';
import { openInstallLink } from '../install/links';
import { applyUsage } from '../profiles/usage';
import { webhookSignature } from '../profiles/webhook';

const balanceParams = z.object({ id: z.string().max(100) });
const webhookBody = usageReportsBody('esim_iccid_invalid');
const tokenParams = z.object({
  token: z.string().regex(INSTALL_TOKEN_PATTERN, { message: 'install_link_token_invalid' }),
});

/** Public routes: the balance check by order number or ICCID (rate-limited at the gateway), a one-time install link's page and the signed usage webhook. */
export function publicRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  app.get(
    '/public/balance/esim/:id',
    {
      schema: {
        tags: ['public'],
        summary: 'Data left on an eSIM order (its order number) or on one eSIM (its ICCID); rate-limited',
        params: balanceParams,
        response: responds(200, balanceCheckResultSchema),
      },
    },
    async (request, reply) => {
      const result = await balanceCheck(app.db, parseBalanceRef(request.params.id, request.locale), request.locale);
      reply.header('cache-control', 'no-store');
      return ok(reply, result, result.demo ? 'balance_check_demo_loaded' : 'balance_check_loaded');
    },
  );

  // Signed by the provider (platform's signedWebhookScope: raw body kept, signature checked first).
  signedWebhookScope(app, webhookSignature(ctx.config.ESIM_WEBHOOK_SECRET), (scope) => {
    scope.post(
      '/webhooks/esim-usage',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Usage reports from the provider (HMAC-SHA256 signed)',
          body: webhookBody,
          response: responds(200, usageReportsAnswer),
        },
      },
      async (request, reply) => {
        const answer = await applyUsageReports(app.db, request.body as UsageReports, (trx, reading) =>
          applyUsage(trx, { ...reading, source: 'webhook' }, request.log),
        );
        return ok(reply, answer, 'esim_usage_recorded');
      },
    );
  });

  app.get(
    '/public/install/:token',
    {
      schema: {
        tags: ['public'],
        summary:
          'The install page of a one-time install link (rate-limited; the code only while the eSIM is not installed)',
        params: tokenParams,
        response: responds(200, installPageSchema),
      },
    },
    async (request, reply) => {
      const page = await openInstallLink(app.db, request.params.token, request.locale);
      // A secret for whoever holds the link: never kept by a cache, never indexed.
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      return ok(reply, page, 'install_page_loaded');
    },
  );
}
