import { z } from 'zod';
import type { RouteRule } from '../routes';

/** A partner's API key: `esk_live_` and the base32 of 24 random bytes (docs/partner-api.md). */
export const API_KEY_PREFIX = 'esk_live_';
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
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

/** A key as every list shows it: never its secret. */
export const apiKeySchema = z.object({
  id: z.string(),
  dealer_id: z.string(),
  name: z.string(),
  /** The secret's first characters (after `esk_live_`), to recognise a key. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
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

/** Resources a key never reaches whatever its scopes: managing keys, and the account's own sign-in details. */
const KEY_REFUSED_RESOURCES = new Set<string>(['api-keys']);

/**
 * Why a request made with an API key of these scopes may not use this route, as a message code, or
 * null when it may. The role check (a key's role is its dealer's) already keeps it off admin and
 * sales-manager routes; this adds the key's own limits: no key management, no profile or webhook
 * writes, and a read key only on GET.
 */
export function apiKeyRefusal(rule: RouteRule, scopes: readonly string[]): string | null {
  if (rule.access === 'public') return null;
  const { resource, action } = rule.access;
  if (KEY_REFUSED_RESOURCES.has(resource) || resource.startsWith('admin/') || resource.startsWith('sales-manager/'))
    return 'api_key_route_forbidden';
  if (resource === 'profile' && action !== 'read') return 'api_key_route_forbidden';
  // A key reads its dealer's webhooks and their log but never changes where events go or sees a secret.
  if (resource === 'webhooks' && rule.method !== 'GET') return 'api_key_route_forbidden';
  if (rule.method !== 'GET' && !scopes.includes('order')) return 'api_key_read_only';
  return null;
}
