import {
  USER_TYPE,
  jwksSchema,
  loginBody,
  publicUserSchema,
  registerBody,
  responds,
  sessionSchema,
} from '@esim/contracts';
import { z } from 'zod';
import { bearerToken, forbidden, ok, unauthorized } from '@esim/platform';
import { createAccount } from '../../accounts/accounts';
import { assertPasswordNotEmail, hashPassword, verifyPassword } from '../../accounts/passwords';
import { assertPasswordStrong } from '../../accounts/password-strength';
import { findLiveUserByEmail, publicUser } from '../../accounts/repository';
import {
  clearAccountFailures,
  clearLoginFailures,
  countLoginAttempt,
  hitLimit,
  loginFailureKey,
  passAccountGate,
  recordAccountFailure,
} from '../../abuse/limits';
import { sendInBackground, type AuthApp, type AuthContext } from '../../context';
import { loginLockoutMail } from '../../mail/templates';
import { refreshLifetimeDays, revokeRefreshToken, rotateRefreshToken } from '../../sessions/refresh-tokens';
import { REFRESH_COOKIE, sessionData, signAccessFor, startSession } from '../../sessions/session';
import { revokeAccessToken } from '../../tokens/access-tokens';
import { clearRefreshCookie, clientMeta, sessionAnswer, setRefreshCookie } from '../session-cookie';

// The request bodies live in contracts: the storefront's forms validate with the same schemas.

/** Refresh tokens are 43 base64url characters: anything else is not one of ours (no lookup needed). */
const plausibleRefreshToken = (value: string | undefined): value is string =>
  !!value && /^[A-Za-z0-9_-]{20,100}$/.test(value);

/** Register, login, refresh, logout and the public keys. */
export function sessionRoutes(app: AuthApp, ctx: AuthContext): void {
  const { config } = ctx;
  const accountLimit = {
    freeFailures: config.LOGIN_ACCOUNT_FREE_FAILURES,
    windowSeconds: config.LOGIN_ACCOUNT_WINDOW_SECONDS,
    baseDelaySeconds: config.LOGIN_ACCOUNT_DELAY_SECONDS,
    maxDelaySeconds: config.LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
  };

  app.post(
    '/register',
    {
      schema: {
        tags: ['session'],
        summary: 'Create a retail customer account',
        body: registerBody,
        response: responds(201, publicUserSchema),
      },
    },
    async (request, reply) => {
      await hitLimit(
        app.redis,
        `auth:register:${request.ip}`,
        config.REGISTER_LIMIT_PER_IP,
        config.REGISTER_WINDOW_SECONDS,
      );
      const { full_name, email, password } = request.body;
      assertPasswordNotEmail(password, email, request.locale);
      assertPasswordStrong(password, [email, full_name], request.locale);
      const passwordHash = await hashPassword(password);
      const user = await app.db.transaction((trx) =>
        createAccount(
          trx,
          { email, fullName: full_name, passwordHash, userType: USER_TYPE.retail },
          { locale: request.locale, correlationId: String(request.id) },
        ),
      );
      const { phone: _phone, ...data } = publicUser(user);
      return ok(reply, data, 'register_successful', 201);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in: access token in the body, refresh token in a cookie',
        body: loginBody,
        response: responds(200, sessionSchema),
      },
    },
    async (request, reply) => {
      const { email, password, remember_me } = request.body;
      const failures = loginFailureKey(email, request.ip);
      await countLoginAttempt(app.redis, failures, config.LOGIN_MAX_FAILURES, config.LOGIN_FAILURE_WINDOW_SECONDS);
      await passAccountGate(app.redis, email, accountLimit);
      const user = await findLiveUserByEmail(app.db, email);
      // Always one argon2 verification, and one answer for unknown or wrong: no account enumeration.
      const matches = await verifyPassword(user?.password_hash, password);
      // Only the account's own password learns that it is suspended, and then it is told so plainly.
      if (user && matches && user.status === 'suspended') throw forbidden('account_suspended');
      if (!user || !matches || user.status !== 'active') {
        const tripped = await recordAccountFailure(app.redis, email, accountLimit);
        if (tripped && user && user.status === 'active') {
          const link = new URL('/forgot-password', config.PUBLIC_BASE_URL).toString();
          sendInBackground(
            app,
            ctx,
            loginLockoutMail(
              request.locale,
              { to: user.email, fullName: user.full_name, link },
              accountLimit.freeFailures,
            ),
          );
        }
        throw unauthorized('invalid_credentials');
      }
      await Promise.all([clearLoginFailures(app.redis, failures), clearAccountFailures(app.redis, email)]);
      const started = await startSession(app, ctx, { user, rememberMe: remember_me, client: clientMeta(request) });
      return ok(reply, sessionAnswer(reply, config, started), 'login_successful');
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['session'],
        summary: 'Rotate the refresh cookie and get a new access token',
        response: responds(200, sessionSchema),
      },
    },
    async (request, reply) => {
      const raw = request.cookies[REFRESH_COOKIE];
      if (!plausibleRefreshToken(raw)) {
        clearRefreshCookie(reply, config);
        throw unauthorized('unauthorized');
      }
      try {
        const { user, issued } = await rotateRefreshToken(app.db, app.redis, raw, {
          lifetimeDays: (rememberMe) => refreshLifetimeDays(config, rememberMe),
          client: clientMeta(request),
        });
        setRefreshCookie(reply, config, issued);
        return ok(reply, sessionData(user, await signAccessFor(app, ctx, user)), 'token_refreshed');
      } catch (error) {
        clearRefreshCookie(reply, config);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['session'],
        summary: 'End this session: refresh family and access token revoked',
        response: responds(200, z.null()),
      },
    },
    async (request, reply) => {
      const raw = request.cookies[REFRESH_COOKIE];
      if (plausibleRefreshToken(raw)) await revokeRefreshToken(app.db, raw);
      const token = bearerToken(request);
      if (token) {
        // Only a token we signed and that is still valid is worth denying; a bad or expired one is already refused.
        const valid = await app.verifyAccessToken(token).then(
          () => true,
          () => false,
        );
        if (valid) await revokeAccessToken(app.redis, token);
      }
      clearRefreshCookie(reply, config);
      return ok(reply, null, 'logout_successful');
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['session'],
        summary: 'Public keys that verify access tokens (JWKS)',
        response: { 200: jwksSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ctx.keyring.jwks;
    },
  );
}
