import { responds } from '@esim/contracts';
import { notFound, ok } from '@esim/platform';
import { z } from 'zod';
import { idParams } from '../schemas';
import { findLiveUser } from '../accounts/repository';
import type { AuthApp } from '../context';

/**
 * Service-to-service routes (the platform requires the service credential on /internal/*).
 * Who an id is: the balance service asks before it books money for a dealer, or takes cash from
 * a sales manager, whose creation event it has not seen yet, so a mistyped id never becomes a
 * phantom account. Live accounts only: a deleted one is not found.
 */
export function internalRoutes(app: AuthApp): void {
  app.get(
    '/internal/accounts/:id',
    {
      schema: {
        params: idParams,
        response: responds(
          200,
          z.object({ id: z.string(), user_type: z.number().int(), status: z.string(), name: z.string() }),
        ),
      },
    },
    async (request, reply) => {
      const user = await findLiveUser(app.db, request.params.id);
      if (!user) throw notFound('user_not_found');
      // A dealer goes by its company: the name another service's audit entry keeps.
      const profile = await app.db('dealer_profiles').where({ user_id: user.id }).first('company_name');
      const name = (profile?.company_name as string | undefined) || user.full_name;
      return ok(reply, { id: user.id, user_type: user.user_type, status: user.status, name });
    },
  );
}
