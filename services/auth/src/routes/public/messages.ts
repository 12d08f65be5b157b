import { contactMessageBody, inboundMessageSchema, partnershipMessageBody, responds } from '@esim/contracts';
import { ok } from '@esim/platform';
import { hitLimit } from '../../abuse/limits';
import type { AuthApp } from '../../context';
import { INBOUND_MESSAGE_KINDS, storeInboundMessage } from '../../inbound-messages/inbound-messages';

/** One sender may leave a few messages an hour: enough for a person, useless for a flood. */
export const MESSAGES_PER_IP = 5;
export const MESSAGES_WINDOW_SECONDS = 3600;

const received = inboundMessageSchema.pick({ id: true, kind: true, created_at: true });

/** The public site's partnership and contact forms. */
export function messageRoutes(app: AuthApp): void {
  for (const kind of INBOUND_MESSAGE_KINDS) {
    const body = kind === 'partnership' ? partnershipMessageBody : contactMessageBody;
    app.post(
      `/messages/${kind}`,
      {
        schema: {
          tags: ['messages'],
          summary: `Send a ${kind} message from the public site`,
          body,
          response: responds(201, received),
        },
      },
      async (request, reply) => {
        await hitLimit(app.redis, `auth:messages:${request.ip}`, MESSAGES_PER_IP, MESSAGES_WINDOW_SECONDS);
        const message = await storeInboundMessage(
          app.db,
          { kind, body: request.body } as Parameters<typeof storeInboundMessage>[1],
          { locale: request.locale, ip: request.ip },
        );
        return ok(
          reply,
          { id: message.id, kind: message.kind, created_at: message.created_at },
          'message_received',
          201,
        );
      },
    );
  }
}
