import { forgotPasswordBody, resetPasswordBody, responds } from '@esim/contracts';
import { z } from 'zod';
import { fieldError, ok } from '@esim/platform';
import { revokeAllAccess } from '../../accounts/accounts';
import { assertPasswordNotEmail, hashPassword } from '../../accounts/passwords';
import { assertPasswordStrong } from '../../accounts/password-strength';
import { findLiveUser, findLiveUserByEmail } from '../../accounts/repository';
import { clearAccountFailures, clearLoginFailures, hitLimit, loginFailureKey } from '../../abuse/limits';
import { sendInBackground, type AuthApp, type AuthContext } from '../../context';
import { passwordResetMail } from '../../mail/templates';
import { consumeResetToken, createResetToken, resetLink } from '../../password-reset/reset-tokens';

// Request bodies shared with the storefront's forms (contracts/api/auth.ts).
const forgotBody = forgotPasswordBody;
const resetBody = resetPasswordBody;

/** Forgot-password (emails a single-use link) and reset-password (uses it). */
export function passwordResetRoutes(app: AuthApp, ctx: AuthContext): void {
  const { config } = ctx;

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['password'],
        summary: 'Email a password reset link (same answer for any email)',
        body: forgotBody,
        response: responds(200, z.null()),
      },
    },
    async (request, reply) => {
      await hitLimit(
        app.redis,
        `auth:forgot-password:${request.ip}`,
        config.FORGOT_PASSWORD_LIMIT_PER_IP,
        config.FORGOT_PASSWORD_WINDOW_SECONDS,
      );
      const user = await findLiveUserByEmail(app.db, request.body.email);
      if (user && user.status === 'active') {
        const token = await app.db.transaction((trx) =>
          createResetToken(trx, {
            userId: user.id,
            purpose: 'reset',
            ttlMs: config.PASSWORD_RESET_TTL_MINUTES * 60_000,
            ip: request.ip,
          }),
        );
        sendInBackground(
          app,
          ctx,
          passwordResetMail(
            request.locale,
            { to: user.email, fullName: user.full_name, link: resetLink(config.PUBLIC_BASE_URL, token) },
            config.PASSWORD_RESET_TTL_MINUTES,
          ),
        );
      }
      return ok(reply, null, 'password_reset_requested');
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['password'],
        summary: 'Set a new password with an emailed token',
        body: resetBody,
        response: responds(200, z.null()),
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const passwordHash = await hashPassword(password);
      const user = await app.db.transaction(async (trx) => {
        const { userId } = await consumeResetToken(trx, token, request.locale);
        const owner = await findLiveUser(trx, userId);
        if (!owner || owner.status !== 'active') throw fieldError(400, 'reset_token_invalid', 'token', request.locale);
        // Checked inside: a failure rolls back and leaves the link usable for a better password.
        assertPasswordNotEmail(password, owner.email, request.locale);
        assertPasswordStrong(password, [owner.email, owner.full_name], request.locale);
        await trx('users')
          .where({ id: userId })
          .update({ password_hash: passwordHash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now() });
        await revokeAllAccess(trx, app.redis, userId, 'password-reset');
        return owner;
      });
      await Promise.all([
        clearLoginFailures(app.redis, loginFailureKey(user.email, request.ip)),
        clearAccountFailures(app.redis, user.email),
      ]);
      return ok(reply, null, 'password_reset_successful');
    },
  );
}
