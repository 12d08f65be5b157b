import { z } from 'zod';

/**
 * Field schemas of every auth request. Each failure carries a message code (translated by the
 * platform's error handler into the caller's language) and names its field. The character rules
 * are allow-lists: script and SQL fragments are not names, companies or phone numbers.
 */
// The fields the public site's forms share live in contracts (the storefront validates with them too).
export { PASSWORD_MAX, PASSWORD_MIN, emailField, givenPasswordField, newPasswordField, personNameField } from '@esim/contracts';

export const companyNameField = z
  .string()
  .trim()
  .max(150, { message: 'text_invalid' })
  .regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,&'’()/+-]*$/u, { message: 'text_invalid' });

export const phoneField = z
  .string()
  .trim()
  .max(20, { message: 'phone_invalid' })
  .regex(/^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, { message: 'phone_invalid' });

/** Turkish tax number (VKN, 10 digits) or citizen number (TCKN, 11 digits) of a sole trader. */
export const taxNumberField = z.string().trim().regex(/^\d{10,11}$/, { message: 'tax_number_invalid' });

/** Free text such as an address: no markup, no statement separators, no control characters but newlines. */
export const addressField = z
  .string()
  .trim()
  .max(500, { message: 'text_invalid' })
  // eslint-disable-next-line no-control-regex
  .regex(/^[^<>{}`;\\\u0000-\u0009\u000b-\u001f\u007f]+$/, { message: 'text_invalid' });

export const regionField = z
  .string()
  .trim()
  .max(100, { message: 'text_invalid' })
  .regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’()/-]*$/u, { message: 'text_invalid' });

export const accountStatusField = z.enum(['active', 'suspended'], { message: 'status_invalid' });
export type AccountStatus = z.infer<typeof accountStatusField>;

/**
 * An optional, clearable text field: absent leaves it unchanged, null or an empty string clears it
 * (react-admin sends "" for an emptied input).
 */
export function clearable<T extends z.ZodType<string>>(field: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), field.nullable()).optional();
}

export const idParams = z.object({ id: z.uuid() });
