import { z } from 'zod';

/** A calendar month as YYYY-MM (01–12). */
export const statementMonthSchema = z
  .string({ message: 'statement_month_invalid' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'statement_month_invalid' });

/** How a statement is answered: JSON figures, or a PDF or Excel file. */
export const statementFormatSchema = z.enum(['json', 'pdf', 'xlsx'], { message: 'statement_format_invalid' });
export type StatementFormat = z.infer<typeof statementFormatSchema>;

/** The groups a statement sums its month's movements into (signed cents: money in positive). */
export const STATEMENT_GROUPS = [
  'purchases_esim',
  'purchases_plus',
  'loads',
  'collections',
  'refunds',
  'other',
] as const;
export type StatementGroup = (typeof STATEMENT_GROUPS)[number];

/** One movement of a dealer's money in a statement: net effect on the dealer's position, and the position after it. */
export const statementLineSchema = z.object({
  date: z.string(),
  type: z.string(),
  group: z.enum(STATEMENT_GROUPS),
  /** The type in the reader's language. */
  description: z.string(),
  /** An order number, deposit code or note; never an internal id. */
  reference: z.string().nullable(),
  amount_cents: z.number().int(),
  balance_after_cents: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/**
 * A dealer's statement of one Istanbul calendar month. Its balance is the dealer's position with the
 * shop: the spendable balance less what the dealer owes (credit used), from the same ledger entries.
 */
export const statementSchema = z.object({
  dealer_id: z.string(),
  dealer_name: z.string(),
  month: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  opening_balance_cents: z.number().int(),
  closing_balance_cents: z.number().int(),
  totals: z.object({
    purchases_esim: z.number().int(),
    purchases_plus: z.number().int(),
    loads: z.number().int(),
    collections: z.number().int(),
    refunds: z.number().int(),
    other: z.number().int(),
  }),
  /** Balance loaded on credit during the month (moves money from debt to balance: the position does not change). */
  credit_drawn_cents: z.number().int(),
  /** At the close: the spendable balance, what the dealer owes, and the credit limit. */
  balance_cents: z.number().int(),
  credit_used_cents: z.number().int(),
  credit_limit_cents: z.number().int(),
  lines: z.array(statementLineSchema),
});
export type Statement = z.infer<typeof statementSchema>;
