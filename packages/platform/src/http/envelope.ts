import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { pickLocale, translate, type ListMeta, type ListQuery, type Locale, type MessageCode } from '@esim/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** tr or en, from Accept-Language (Turkish by default). */
    locale: Locale;
  }
}

/** `{ success, message, data }` with the message in the caller's language. */
export function ok<T>(reply: FastifyReply, data: T, code: MessageCode | (string & {}) = 'ok', status = 200) {
  return reply
    .status(status)
    .send({ success: true as const, code, message: translate(code, reply.request.locale), data });
}

/**
 * A page of a list: the envelope with `meta`, plus the headers react-admin's simple-rest
 * provider reads (Content-Range, X-Total-Count).
 */
export function okList<T>(
  reply: FastifyReply,
  items: T[],
  total: number,
  query: Pick<ListQuery, 'page' | 'limit' | 'offset'>,
  resource = 'items',
  extraMeta: Record<string, unknown> = {},
) {
  const meta: ListMeta & Record<string, unknown> = { ...extraMeta, total, page: query.page, limit: query.limit };
  const last = items.length ? query.offset + items.length - 1 : query.offset;
  reply.header('Content-Range', `${resource} ${query.offset}-${last}/${total}`);
  reply.header('X-Total-Count', String(total));
  reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
  return reply.send({
    success: true as const,
    code: 'ok',
    message: translate('ok', reply.request.locale),
    data: items,
    meta,
  });
}

export const localePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', 'tr' as Locale);
    // Callback style and a small memo: this runs on every request of every process, and browsers
    // send the same few Accept-Language values over and over.
    const known = new Map<string, Locale>();
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers['accept-language'];
      if (header) {
        let locale = known.get(header);
        if (!locale) {
          locale = pickLocale(header);
          if (known.size < 500) known.set(header, locale);
        }
        request.locale = locale;
      }
      done();
    });
  },
  { name: 'esim-locale' },
);
