import { contactMessageBody, inboundMessageSchema, partnershipMessageBody, responds, respondsList } from '@esim/contracts';
import { listQuery, ok, okList, toListQuery } from '@esim/platform';
import { z } from 'zod';
import { hitLimit } from '../abuse/limits';
import type { AuthApp } from '../context';
import { listInboundMessages, storeInboundMessage, type InboundKind } from '../inbound-messages/inbound-messages';

/** One sender may leave a few messages an hour: enough for a person, useless for a flood. */
export const MESSAGES_PER_IP = 5;
export const MESSAGES_WINDOW_SECONDS = 3600;

const KINDS = ['partnership', 'contact'] as const;
const listQuerySchema = listQuery({ kind: z.enum(KINDS, { message: 'kind_invalid' }) });
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
        search: query.search,
        limit: query.limit,
        offset: query.offset,
        startDate: query.startDate ? new Date(query.startDate) : undefined,
        endDate: query.endDate ? new Date(query.endDate) : undefined,
      });
      return okList(reply, items, total, query, 'messages');
    },
  );
}
