import { z } from 'zod';
import { idempotentRequest, ok, type CreatedServiceApp } from '@esim/platform';
import {
  createdInstallLinkSchema,
  createInstallLinkBody,
  installLinkSchema,
  installMailAnswerSchema,
  responds,
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
