import {
  INBOUND_MESSAGE_STATUSES,
  inboundMessageSchema,
  inboundMessageStatusBody,
  responds,
  respondsList,
  statusFilter,
} from '@esim/contracts';
import { listQuery, notFound, ok, okList, toListQuery } from '@esim/platform';
import { z } from 'zod';
import type { AuthApp } from '../../context';
import {
  INBOUND_MESSAGE_KINDS,
  listInboundMessages,
  setInboundMessageStatus,
  type InboundKind,
  type InboundStatus,
} from '../../inbound-messages/inbound-messages';

const listQuerySchema = listQuery({
  kind: z.enum(INBOUND_MESSAGE_KINDS, { message: 'kind_invalid' }),
  status: statusFilter(INBOUND_MESSAGE_STATUSES),
});
const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });

/** The admins' list of the partnership and contact messages that came in. */
export function messageRoutes(app: AuthApp): void {
  app.get(
    '/admin/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Partnership and contact messages, newest first',
        querystring: listQuerySchema,
        response: respondsList(inboundMessageSchema),
      },
    },
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
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark a message read, answered, or new again',
        params: idParams,
        body: inboundMessageStatusBody,
        response: responds(200, inboundMessageSchema),
      },
    },
    async (request, reply) => {
      const message = await setInboundMessageStatus(app.db, request.params.id, request.body.status, request.user!.id);
      if (!message) throw notFound('inbound_message_not_found');
      return ok(reply, message, 'message_status_changed');
    },
  );
}
