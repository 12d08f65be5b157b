import { z } from 'zod';
import { idempotentRequest, ok, type CreatedServiceApp } from '@esim/platform';
import {
  createdInstallLinkSchema,
  createInstallLinkBody,
  customerMailAnswerSchema,
  installLinkSchema,
  installMailAnswerSchema,
  responds,
  sendToCustomerBody,
} from '@esim/contracts';
import type { EsimContext } from '../../context';
import { ORDER_REF } from '../../orders/queries';
import { createInstallLink, listInstallLinks, revokeInstallLink } from '../../install/links';
import { requestInstallMail } from '../../install/mail';

const orderParams = z.object({ id: z.string().trim().regex(ORDER_REF, { message: 'esim_ref_invalid' }) });
const linkParams = orderParams.extend({ linkId: z.uuid({ message: 'install_link_not_found' }) });

/** Installing an eSIM from another device: the install mail and one-time install links (their page is a public route). */
export function installRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  app.post(
    '/user/esim/orders/:id/send-install-mail',
    {
      schema: {
        tags: ['esim'],
        summary:
          'Mail the install details of the order’s eSIMs to the buyer (Idempotency-Key required; a few per order and hour)',
        params: orderParams,
        body: z.object({}).nullish(),
        response: responds(202, installMailAnswerSchema),
      },
    },
    async (request, reply) => {
      const result = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'esim:install-mail', required: true },
        async (trx) => ({
          statusCode: 202,
          body: await requestInstallMail(trx, request.user!, request.params.id, {
            locale: request.locale,
            perHour: ctx.config.ESIM_INSTALL_MAILS_PER_HOUR,
          }),
        }),
      );
      return ok(reply, result.body, 'install_mail_queued', result.statusCode);
    },
  );

  // The same mail to a dealer's end customer, in the dealer's name (auth names the dealer); counted with the buyer's own.
  app.post(
    '/user/esim/orders/:id/send-to-customer',
    {
      schema: {
        tags: ['esim'],
        summary:
          'Mail the install details of a dealer’s order to its customer, in the dealer’s name (Idempotency-Key required; counted with send-install-mail)',
        description:
          '409 `customer_mail_no_email` when the order names no customer e-mail (set it with PATCH .../customer), ' +
          '409 `install_mail_nothing_to_send` when no eSIM of it is left to install.',
        params: orderParams,
        body: sendToCustomerBody.nullish(),
        response: responds(202, customerMailAnswerSchema),
      },
    },
    async (request, reply) => {
      const locale = request.body?.locale ?? 'tr';
      const user = request.user!;
      const result = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'esim:customer-mail', required: true },
        async (trx) => {
          const { customer, ...answer } = await requestInstallMail(trx, user, request.params.id, {
            locale,
            perHour: ctx.config.ESIM_INSTALL_MAILS_PER_HOUR,
            toCustomer: true,
          });
          // Who sent which order to which address, with the mail's event: the platform's hook records staff writes only, not a dealer's.
          await trx('audit_log').insert({
            actor_id: user.id,
            actor_role: user.role,
            method: request.method,
            route: request.routeOptions.url ?? request.url,
            url: request.url.slice(0, 2000),
            status_code: 202,
            ip: request.ip,
            request_id: String(request.id),
            target_id: answer.order_id,
            detail: `send-to-customer ${customer!.email}`.slice(0, 200),
          });
          return { statusCode: 202, body: { ...answer, locale } };
        },
      );
      return ok(reply, result.body, 'customer_mail_queued', result.statusCode);
    },
  );

  app.get(
    '/user/esim/orders/:id/install-links',
    {
      schema: {
        tags: ['esim'],
        summary: 'The order’s one-time install links (without their tokens)',
        params: orderParams,
        response: responds(200, z.array(installLinkSchema)),
      },
    },
    async (request, reply) =>
      ok(reply, await listInstallLinks(app.db, request.user!, request.params.id), 'install_links_loaded'),
  );

  app.post(
    '/user/esim/orders/:id/install-links',
    {
      schema: {
        tags: ['esim'],
        summary:
          'A one-time link that opens an eSIM’s install page on another device without signing in (the token is in this answer only)',
        params: orderParams,
        body: createInstallLinkBody,
        response: responds(201, createdInstallLinkSchema),
      },
    },
    async (request, reply) => {
      const link = await createInstallLink(
        app.db,
        request.user!,
        request.params.id,
        request.body.esim_id,
        ctx.config.ESIM_INSTALL_LINK_TTL_HOURS,
      );
      reply.header('cache-control', 'no-store');
      return ok(reply, link, 'install_link_created', 201);
    },
  );

  app.delete(
    '/user/esim/orders/:id/install-links/:linkId',
    {
      schema: {
        tags: ['esim'],
        summary: 'Revoke a one-time install link at once',
        params: linkParams,
        response: responds(200, installLinkSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await revokeInstallLink(app.db, request.user!, request.params.id, request.params.linkId),
        'install_link_revoked',
      ),
  );
}
