import { z } from 'zod';
import type { RouteRule } from '../routes';

/** A partner's API key: `esk_live_` and the base32 of 24 random bytes (docs/partner-api.md). */
export const API_KEY_PREFIX = 'esk_live_';
/** A sandbox key's secret: its buys are demo eSIMs at no cost, and it moves no money. */
export const API_KEY_SANDBOX_PREFIX = 'esk_test_';
/** Whether a bearer value is an API key's secret (live or sandbox) rather than a session's token. */
export const isApiKeySecret = (value: string) =>
  value.startsWith(API_KEY_PREFIX) || value.startsWith(API_KEY_SANDBOX_PREFIX);
/** How many characters of a secret a list shows: enough to tell keys apart, far too few to guess the rest. */
export const API_KEY_SHOWN_CHARS = 8;
/** Active (not revoked) keys a dealer may hold at once. */
export const API_KEYS_MAX_ACTIVE = 10;

/** `read`: GET routes only; `order`: also the writes a dealer may make (buy, top up, order cards). */
export const API_KEY_SCOPES = ['read', 'order'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** POST /user/api-keys and /admin/dealers/:id/api-keys. */
export const apiKeyCreateBody = z.object({
  name: z
    .string({ message: 'api_key_name_invalid' })
    .trim()
    // One rule for length and characters, so a bad name is one error, not two.
    .regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,&'’()/_+-]{0,99}$/u, { message: 'api_key_name_invalid' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: 'api_key_scopes_invalid' }), { message: 'api_key_scopes_invalid' })
    .min(1, { message: 'api_key_scopes_invalid' })
    .max(API_KEY_SCOPES.length, { message: 'api_key_scopes_invalid' })
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'api_key_scopes_invalid' }),
  /** true: a sandbox key (`esk_test_...`): demo eSIMs at no cost through the same routes, no money moved. */
  sandbox: z.boolean({ message: 'api_key_sandbox_invalid' }).optional(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

/** A key as every list shows it: never its secret. */
export const apiKeySchema = z.object({
  id: z.string(),
  dealer_id: z.string(),
  name: z.string(),
  /** The secret's first characters (after `esk_live_` or `esk_test_`), to recognise a key. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  sandbox: z.boolean().optional(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  status: z.enum(['active', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The create answer: the secret, once (null when the answer is a replay of the same Idempotency-Key). */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string().nullable() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** The writes a sandbox key may make: the buy (esim's sandbox path) and the order's QR, install and customer routes. */
const SANDBOX_WRITES = new Set<string>([
  'POST /user/packages/buy',
  'POST /user/esim/orders/:id/qr-codes',
  'POST /user/esim/orders/:id/send-install-mail',
  'POST /user/esim/orders/:id/install-links',
  'DELETE /user/esim/orders/:id/install-links/:linkId',
  'PATCH /user/esim/orders/:id/customer',
  'POST /user/esim/orders/:id/send-to-customer',
]);

/** Resources a key never reaches whatever its scopes: managing keys, and the account's own sign-in details. */
const KEY_REFUSED_RESOURCES = new Set<string>(['api-keys']);

/**
 * Why a request made with an API key of these scopes may not use this route, as a message code, or
 * null when it may. The role check (a key's role is its dealer's) already keeps it off admin and
 * sales-manager routes; this adds the key's own limits: no key management, no profile or webhook
 * writes, and a read key only on GET.
 */
export function apiKeyRefusal(rule: RouteRule, scopes: readonly string[], sandbox = false): string | null {
  if (rule.access === 'public') return null;
  // A sandbox key writes only what its own path in esim handles without money: nothing it does reaches a ledger.
  if (sandbox && rule.method !== 'GET' && !SANDBOX_WRITES.has(`${rule.method} ${rule.path}`))
    return 'api_key_sandbox_forbidden';
  const { resource, action } = rule.access;
  if (KEY_REFUSED_RESOURCES.has(resource) || resource.startsWith('admin/') || resource.startsWith('sales-manager/'))
    return 'api_key_route_forbidden';
  if (resource === 'profile' && action !== 'read') return 'api_key_route_forbidden';
  // A key reads its dealer's webhooks and their log but never changes where events go or sees a secret.
  if (resource === 'webhooks' && rule.method !== 'GET') return 'api_key_route_forbidden';
  if (rule.method !== 'GET' && !scopes.includes('order')) return 'api_key_read_only';
  return null;
}
