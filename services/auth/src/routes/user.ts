import { USER_TYPE, profileSchema, responds, sessionSchema } from '@esim/contracts';
import { fieldError, ok, unauthorized } from '@esim/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { revokeAllAccess } from '../accounts/accounts';
import { clearable, givenPasswordField, newPasswordField, personNameField, phoneField } from '../schemas';
import { assertPasswordNotEmail, hashPassword, verifyPassword } from '../accounts/passwords';
import { assertPasswordStrong } from '../accounts/password-strength';
import { findLiveUser, publicUser, type UserRow } from '../accounts/repository';
import { clearLoginFailures, hitLimit } from '../abuse/limits';
import type { AuthApp, AuthContext } from '../context';
import { findDealer, publishDealerUpdated } from '../dealers/dealers';
import { startSession } from '../sessions/session';
import { clientMeta, sessionAnswer } from './session-cookie';
import { userInvoiceRoutes } from './user-invoices';

const profileBody = z
  .object({ full_name: personNameField.optional(), phone: clearable(phoneField) })
  .refine((body) => body.full_name !== undefined || body.phone !== undefined, { message: 'nothing_to_update' });

const passwordBody = z.object({ current_password: givenPasswordField, new_password: newPasswordField });

/** The signed-in account itself (any role): GET/PUT /me, PUT /me/password. */
export function userRoutes(app: AuthApp, ctx: AuthContext): void {
  /** The caller's live, active account; a token outliving its account is refused like a bad one. */
  async function currentUser(request: FastifyRequest): Promise<UserRow> {
    const user = await findLiveUser(app.db, request.user!.id);
    if (!user || user.status !== 'active') throw unauthorized('unauthorized');
    return user;
  }

  app.get(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in account: email, full_name, user_type',
        response: responds(200, profileSchema),
      },
    },
    async (request, reply) => {
      return ok(reply, publicUser(await currentUser(request)));
    },
  );

  app.put(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update own name and phone',
        body: profileBody,
        response: responds(200, profileSchema),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const { full_name, phone } = request.body;
      const updated = await app.db.transaction(async (trx) => {
        const [row] = (await trx('users')
          .where({ id: user.id })
          .update({
            ...(full_name !== undefined ? { full_name } : {}),
            ...(phone !== undefined ? { phone } : {}),
            updated_at: trx.fn.now(),
          })
          .returning('*')) as [UserRow];
        // Other services keep dealers' names and phones: tell them.
        if (row.user_type === USER_TYPE.dealer) {
          const dealer = await findDealer(trx, row.id);
          if (dealer)
            await publishDealerUpdated(trx, dealer, { locale: request.locale, correlationId: String(request.id) });
        }
        return row;
      });
      return ok(reply, publicUser(updated), 'profile_updated');
    },
  );

  app.put(
    '/me/password',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change own password; other sessions end, this one gets new tokens',
        body: passwordBody,
        response: responds(200, sessionSchema),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const { current_password, new_password } = request.body;
      // A stolen access token must not become a way to guess the password.
      const attempts = `auth:password-change:${user.id}`;
      await hitLimit(app.redis, attempts, ctx.config.LOGIN_MAX_FAILURES, ctx.config.LOGIN_FAILURE_WINDOW_SECONDS);
      if (!(await verifyPassword(user.password_hash, current_password))) {
        throw fieldError(400, 'current_password_invalid', 'current_password', request.locale);
      }
      assertPasswordNotEmail(new_password, user.email, request.locale, 'new_password');
      assertPasswordStrong(new_password, [user.email, user.full_name], request.locale, 'new_password');
      const passwordHash = await hashPassword(new_password);
      await app.db.transaction(async (trx) => {
        await trx('users')
          .where({ id: user.id })
          .update({ password_hash: passwordHash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now() });
        await revokeAllAccess(trx, app.redis, user.id, 'password-changed');
      });
      await clearLoginFailures(app.redis, attempts);
      const started = await startSession(app, ctx, { user, rememberMe: false, client: clientMeta(request) });
      return ok(reply, sessionAnswer(reply, ctx.config, started), 'password_changed');
    },
  );

  userInvoiceRoutes(app, ctx);
}
