import { listQuery, numericId } from '@esim/platform';
import { z } from 'zod';
import { TRANSFER_KINDS } from './ledger/transfers';

/** Request schemas the balance routes share; one route's own body sits above that route. */

/** A person's id (a dealer's and a sales manager's id is their user id). */
export const personId = z.uuid();

export const note = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * Money-moving requests must carry an Idempotency-Key: a retried request (a double click, a
 * timeout and a retry) replays the first answer instead of moving money twice.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'idempotency_key_required' })
    .regex(/^[\w.:-]{8,128}$/, { message: 'idempotency_key_invalid' }),
});

/** `ids=a,b,c` (or `ids=a&ids=b`): at most 100 person ids. */
export const idsParam = z
  .union([z.string().max(4000), z.array(z.string().max(64)).max(100)])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const ids = (Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean);
    if (ids.length > 100 || ids.some((id) => !personId.safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: 'ids_invalid' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { message: 'invalid_date' },
  );

/** A person's ledger transactions, filtered by kind: the user's own list and the admin's per dealer. */
export const transactionsQuery = listQuery({ type: z.enum(TRANSFER_KINDS) }, { id: numericId });

export const PAYMENT_STATUSES = ['pending', 'review', 'paid', 'failed', 'expired', 'refunded'] as const;
export const paymentIdParams = z.object({ id: z.uuid() });
