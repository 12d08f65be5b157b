import { publicShopSchema, responds, sellerSchema, shopIdentityBody, shopIdentitySchema } from '@esim/contracts';
import { ok } from '@esim/platform';
import type { AuthApp, AuthContext } from '../context';
import { publicShopView, readShopIdentity, sellerOf, writeShopIdentity } from '../shop/identity';

/** Public reads are cached this long (gateway and browsers): a change shows everywhere within it. */
const PUBLIC_CACHE = 'public, max-age=30';

/** The shop's identity: the public brand and seller for everyone, the whole row for admins to read and change. */
export function shopRoutes(app: AuthApp, ctx: AuthContext): void {
  app.get(
    '/public/shop',
    { schema: { tags: ['public'], summary: "The shop's brand and seller", response: responds(200, publicShopSchema) } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(reply, publicShopView(await readShopIdentity(app.db, ctx.config)));
    },
  );

  // Who sells, as the checkout's documents name it: the same answer as before it moved from esim to auth.
  app.get(
    '/public/seller',
    { schema: { tags: ['public'], summary: 'The seller the documents name', response: responds(200, sellerSchema) } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(reply, sellerOf(await readShopIdentity(app.db, ctx.config)));
    },
  );

  app.get(
    '/admin/shop/identity',
    { schema: { tags: ['admin'], response: responds(200, shopIdentitySchema) } },
    async (_request, reply) => ok(reply, await readShopIdentity(app.db, ctx.config)),
  );

  // Written to the one row every read takes; other services follow within their 30-second cache. The platform audits the write.
  app.put(
    '/admin/shop/identity',
    { schema: { tags: ['admin'], body: shopIdentityBody, response: responds(200, shopIdentitySchema) } },
    async (request, reply) => {
      const identity = await app.db.transaction((trx) =>
        writeShopIdentity(trx, request.body, request.user!.id, ctx.config),
      );
      return ok(reply, identity, 'shop_identity_updated');
    },
  );
}
