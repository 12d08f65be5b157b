import type { AuthApp, AuthContext } from '../../context';
import { messageRoutes } from './messages';
import { passwordResetRoutes } from './password-reset';
import { sessionRoutes } from './session';

/** What a visitor reaches without signing in: sign-up and sign-in, password reset, the public site's message forms. */
export function publicRoutes(app: AuthApp, ctx: AuthContext): void {
  sessionRoutes(app, ctx);
  passwordResetRoutes(app, ctx);
  messageRoutes(app);
}
