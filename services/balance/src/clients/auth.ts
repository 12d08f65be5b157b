import { translate, USER_TYPE, type Locale } from '@esim/contracts';
import { AppError, createInternalClient, type BaseUrls } from '@esim/platform';
import type { Knex } from 'knex';
import { displayName, getParty } from '../parties/parties';

/**
 * Who an id is, when the balance service has not heard of it yet. The local party copy is fed by
 * auth's events and may lag a new account by a moment, so an unknown id is asked of auth at once
 * (`GET /internal/accounts/:id`) instead of being trusted: a mistyped id must never book money on a
 * phantom account. Auth unreachable is a 503 and nothing moves.
 */
export interface AccountDirectory {
  /** The live account's type and status, or null when auth has no such account. */
  lookup(id: string, requestId: string): Promise<{ user_type: number; status: string; name?: string } | null>;
}

export function createAccountDirectory(options: {
  authUrl: BaseUrls;
  token: string;
  timeoutMs?: number;
}): AccountDirectory {
  const auth = createInternalClient({
    baseUrl: options.authUrl,
    token: options.token,
    timeoutMs: options.timeoutMs ?? 3_000,
  });
  return {
    async lookup(id, requestId) {
      try {
        return await auth.request<{ user_type: number; status: string; name?: string }>(
          'GET',
          `/internal/accounts/${encodeURIComponent(id)}`,
          { requestId },
        );
      } catch (error) {
        if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 400)) return null;
        throw error;
      }
    },
  };
}

const ROLES = {
  dealer: { userType: USER_TYPE.dealer, notFound: 'dealer_not_found', wrongType: 'not_a_dealer' },
  'sales-manager': {
    userType: USER_TYPE.salesManager,
    notFound: 'sales_manager_not_found',
    wrongType: 'not_a_sales_manager',
  },
} as const;

/**
 * Refuses an id that is not a live account of the expected kind, naming the field:
 * 404 when nobody has it (or it was deleted), 422 when it is someone else (a dealer's id given
 * as a sales manager's). Known parties are answered from the local copy, unknown ones by auth.
 * Answers the account's name, which audit entries keep.
 */
export async function assertAccountKind(
  db: Knex,
  directory: AccountDirectory,
  input: { id: string; kind: keyof typeof ROLES; field: string; locale: Locale; requestId: string },
): Promise<{ name: string | null }> {
  const role = ROLES[input.kind];
  const refuse = (status: number, code: string) =>
    new AppError(status, code, { errors: [{ path: input.field, message: translate(code, input.locale) }] });
  const party = await getParty(db, input.id);
  if (party?.deleted_at) throw refuse(404, role.notFound);
  const known = party?.user_type !== undefined && party.user_type !== null;
  const asked = known ? undefined : await directory.lookup(input.id, input.requestId);
  const userType = known ? party.user_type : asked?.user_type;
  if (userType === undefined || userType === null) throw refuse(404, role.notFound);
  if (userType !== role.userType) throw refuse(422, role.wrongType);
  return { name: known ? displayName(party, input.id) : (asked?.name ?? null) };
}
