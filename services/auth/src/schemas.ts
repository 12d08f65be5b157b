import { emailField, newPasswordField, personNameField, statusFilter } from '@esim/contracts';
import { listQuery } from '@esim/platform';
import { z } from 'zod';

/**
 * Field schemas of every auth request. Each failure carries a message code (translated by the
 * platform's error handler into the caller's language) and names its field. The character rules
 * are allow-lists: script and SQL fragments are not names, companies or phone numbers.
 */
// The fields the public site's forms share live in contracts (the storefront validates with them too).
export {
  PASSWORD_MAX,
  PASSWORD_MIN,
  emailField,
  givenPasswordField,
  newPasswordField,
  personNameField,
} from '@esim/contracts';

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
export const taxNumberField = z
  .string()
  .trim()
  .regex(/^\d{10,11}$/, { message: 'tax_number_invalid' });

/** The tax office (vergi dairesi) a company's invoice names beside its tax number, e.g. "Kadıköy". */
export const taxOfficeField = z
  .string()
  .trim()
  .min(2, { message: 'tax_office_invalid' })
  .max(100, { message: 'tax_office_invalid' })
  .regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'’()/-]*$/u, { message: 'tax_office_invalid' });

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
  return z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), field.nullable())
    .optional();
}

export const idParams = z.object({ id: z.uuid() });

/**
 * An optional password on accounts an admin or sales manager creates. Given: the account uses it.
 * Absent (or an emptied form field): the account gets no usable password and its owner an
 * emailed single-use link to choose one, so nobody else ever knows it.
 */
export const optionalPasswordField = z
  .preprocess((value) => (value === '' || value === null ? undefined : value), newPasswordField.optional())
  .optional();

// ── dealers (the admin's and a sales manager's forms) ──
const dealerFields = {
  full_name: personNameField,
  email: emailField,
  company_name: companyNameField,
  tax_number: clearable(taxNumberField),
  tax_office: clearable(taxOfficeField),
  phone: clearable(phoneField),
  address: clearable(addressField),
};

export const adminDealerBody = z.object({
  ...dealerFields,
  password: optionalPasswordField,
  sales_manager_id: z.uuid().nullable().optional(),
  status: accountStatusField.optional(),
});

export const salesManagerDealerBody = z.object({
  ...dealerFields,
  password: optionalPasswordField,
  /** Accepted only as the caller's own id: a sales manager creates dealers for themself. */
  sales_manager_id: z.uuid().optional(),
});

/** The fields both create forms share; only who the dealer is assigned to differs. */
export type DealerForm = Omit<z.output<typeof salesManagerDealerBody>, 'sales_manager_id'>;

export const dealerUpdateBody = z
  .object({
    full_name: personNameField.optional(),
    email: emailField.optional(),
    company_name: companyNameField.optional(),
    tax_number: clearable(taxNumberField),
    tax_office: clearable(taxOfficeField),
    phone: clearable(phoneField),
    address: clearable(addressField),
    sales_manager_id: z.uuid().nullable().optional(),
    status: accountStatusField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'nothing_to_update' });

export const dealerStatusBody = z.object({ status: accountStatusField });

/** List filters of accounts an admin manages. */
const accountStatuses = statusFilter(['active', 'suspended']);
export const dealersQuery = listQuery(
  { sales_manager_id: z.uuid({ message: 'sales_manager_not_found' }), status: accountStatuses },
  { id: z.uuid() },
);
/** A sales manager's own dealers: the same list without choosing the sales manager. */
export const ownDealersQuery = listQuery({ status: accountStatuses }, { id: z.uuid() });
