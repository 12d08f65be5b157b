import { contactMessageBody, INBOUND_MESSAGE_STATUSES, inboundMessageSchema, inboundMessageStatusBody, partnershipMessageBody, responds, respondsList, statusFilter } from '@esim/contracts';
import { listQuery, notFound, ok, okList, toListQuery } from '@esim/platform';
import { z } from 'zod';
import { hitLimit } from '../abuse/limits';
import type { AuthApp } from '../context';
import { listInboundMessages, setInboundMessageStatus, storeInboundMessage, type InboundKind, type InboundStatus } from '../inbound-messages/inbound-messages';

/** One sender may leave a few messages an hour: enough for a person, useless for a flood. */
export const MESSAGES_PER_IP = 5;
export const MESSAGES_WINDOW_SECONDS = 3600;

const KINDS = ['partnership', 'contact'] as const;
const listQuerySchema = listQuery({ kind: z.enum(KINDS, { message: 'kind_invalid' }), status: statusFilter(INBOUND_MESSAGE_STATUSES) });
const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
const received = inboundMessageSchema.pick({ id: true, kind: true, created_at: true });

/** The public site's partnership and contact forms, and the admins' list of what came in. */
export function registerInboundMessageRoutes(app: AuthApp): void {
  for (const kind of KINDS) {
    const body = kind === 'partnership' ? partnershipMessageBody : contactMessageBody;
    app.post(
      `/messages/${kind}`,
      { schema: { tags: ['messages'], summary: `Send a ${kind} message from the public site`, body, response: responds(201, received) } },
      async (request, reply) => {
        await hitLimit(app.redis, `auth:messages:${request.ip}`, MESSAGES_PER_IP, MESSAGES_WINDOW_SECONDS);
        const message = await storeInboundMessage(app.db, { kind, body: request.body } as Parameters<typeof storeInboundMessage>[1], { locale: request.locale, ip: request.ip });
        return ok(reply, { id: message.id, kind: message.kind, created_at: message.created_at }, 'message_received', 201);
      },
    );
  }

  app.get(
    '/admin/messages',
    { schema: { tags: ['messages'], summary: 'Partnership and contact messages, newest first', querystring: listQuerySchema, response: respondsList(inboundMessageSchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const kind = query.filters.kind;
      const { items, total } = await listInboundMessages(app.db, {
        kind: kind as InboundKind | undefined,
        status: query.status as InboundStatus | undefined,
        ids: query.ids,
        search: query.search,
        limit: query.limit,
        offset: query.offset,
        startDate: query.startDate ? new Date(query.startDate) : undefined,
        endDate: query.endDate ? new Date(query.endDate) : undefined,
      });
      return okList(reply, items, total, query, 'messages');
    },
  );

  app.put(
    '/admin/messages/:id',
    { schema: { tags: ['messages'], summary: 'Mark a message read, answered, or new again', params: idParams, body: inboundMessageStatusBody, response: responds(200, inboundMessageSchema) } },
    async (request, reply) => {
      const message = await setInboundMessageStatus(app.db, request.params.id, request.body.status, request.user!.id);
      if (!message) throw notFound('inbound_message_not_found');
      return ok(reply, message, 'message_status_changed');
    },
  );
}
