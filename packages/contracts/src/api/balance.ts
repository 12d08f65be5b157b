import { z } from 'zod';
import { isoDate } from '../list-query';

/**
 * The caller's balance (GET /user/balance): `balance` in euros as the balance screen reads it
 * (`data.balance`), beside exact cents, what is available and what pending orders hold.
 */
export const userBalanceSchema = z.object({
  balance: z.number(),
  balance_cents: z.number().int(),
  available: z.number(),
  available_cents: z.number().int(),
  held_cents: z.number().int(),
  /** What is left of a dealer's credit limit: purchases may go this far beyond the available balance (0 without a limit). */
  credit_available_cents: z.number().int(),
  currency: z.literal('EUR'),
});
export type UserBalance = z.infer<typeof userBalanceSchema>;

/** One movement of the caller's money (signed: money in positive, money out negative). */
export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** The type's label in the caller's language. */
  description: z.string(),
  direction: z.enum(['in', 'out']),
  amount: z.number(),
  amount_cents: z.number().int(),
  balance_after: z.number(),
  balance_after_cents: z.number().int(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /user/dashboard: the balance, this (Istanbul) month's spending, order counts and the last movements. */
export const userDashboardSchema = userBalanceSchema.extend({
  spent_this_month: z.number(),
  spent_this_month_cents: z.number().int(),
  orders: z.object({
    esim: z.object({ total: z.number().int(), completed: z.number().int(), failed: z.number().int() }),
    physical_sim: z.object({
      total: z.number().int(),
      placed: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
    }),
  }),
  recent_transactions: z.array(transactionSchema),
});
export type UserDashboard = z.infer<typeof userDashboardSchema>;

/** The longest period GET /user/balance/spend sums over, in days (a year, leap or not). */
export const SPEND_MAX_DAYS = 366;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * GET /user/balance/spend: Istanbul calendar days, both inclusive. Without dates, the 30 days up to
 * today; with only one, the 30 days starting (or ending) on it.
 */
export const userSpendQuerySchema = z
  .object({ start_date: isoDate.optional(), end_date: isoDate.optional() })
  .superRefine((q, ctx) => {
    if (!q.start_date || !q.end_date) return;
    if (q.start_date > q.end_date) ctx.addIssue({ code: 'custom', message: 'date_range_invalid', path: ['end_date'] });
    else if (dayNumber(q.end_date) - dayNumber(q.start_date) + 1 > SPEND_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: 'date_range_too_long', path: ['start_date'] });
  });
export type UserSpendQuery = z.infer<typeof userSpendQuerySchema>;

const spendTotals = { total: z.number(), total_cents: z.number().int(), count: z.number().int() };
/**
 * What the caller spent on purchases (captured holds) in a period, summed on the server: the total and
 * every day of the period (days without purchases included, at zero) so a chart needs no filling in.
 */
export const userSpendSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  ...spendTotals,
  by_day: z.array(z.object({ date: z.string(), ...spendTotals })),
});
export type UserSpend = z.infer<typeof userSpendSchema>;

/** A deposit of money to a balance; bank transfers wait for an admin to confirm the money arrived. */
export const depositSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  amount: z.number(),
  amount_cents: z.number().int(),
  method: z.enum(['bank_transfer', 'card']),
  /** To quote on the bank transfer. */
  reference_code: z.string(),
  /** expired: a card deposit whose payment was not finished in time (no money moved). */
  status: z.enum(['pending', 'confirmed', 'rejected', 'expired']),
  transfer_id: z.number().int().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** GET /admin/deposits: a deposit with who asked for it (the balance service's copy of the person). */
export const adminDepositSchema = depositSchema.extend({
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  /** Above the shop's threshold: confirming it takes the amount typed again (`amount` in the confirm body). */
  amount_retype_required: z.boolean(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

/** Sales of a period: captured eSIM and Plus (physical-SIM) orders, in cents and orders. */
const salesFigure = {
  esim_cents: z.number().int(),
  esim_count: z.number().int(),
  plus_cents: z.number().int(),
  plus_count: z.number().int(),
  total_cents: z.number().int(),
};
/** GET /admin/sales: today and this month (Istanbul days), and each of the last 30 days. */
export const adminSalesSchema = z.object({
  today: z.object(salesFigure),
  this_month: z.object(salesFigure),
  start_date: z.string(),
  end_date: z.string(),
  by_day: z.array(z.object({ date: z.string(), ...salesFigure })),
});
export type AdminSales = z.infer<typeof adminSalesSchema>;

/** The bank account customers transfer deposits to; the IBAN in groups of four. */
export const bankDetailsSchema = z.object({ account_holder: z.string(), bank_name: z.string(), iban: z.string() });
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** POST /user/balance/add: the new deposit and the bank account to transfer to. */
export const depositCreatedSchema = depositSchema.extend({ bank: bankDetailsSchema });

/**
 * GET /user/balance/bank-transfer: what the balance page's bank-transfer form needs before a request:
 * the account (null while the shop has not set a valid one in production: no request is taken then)
 * and the most one request may ask for.
 */
export const bankTransferOptionsSchema = z.object({
  bank: bankDetailsSchema.nullable(),
  max: z.number(),
  max_cents: z.number().int(),
});
export type BankTransferOptions = z.infer<typeof bankTransferOptionsSchema>;

/**
 * GET and PUT /admin/balance/settings: the bank account customers pay into, the most one bank
 * deposit request may ask for, and the amount above which confirming one takes the amount typed again.
 */
export const balanceSettingsSchema = z.object({
  account_holder: z.string(),
  bank_name: z.string(),
  iban: z.string(),
  /** The IBAN passes ISO 13616 (mod 97); the demo placeholder does not. */
  iban_valid: z.boolean(),
  /** Customers see the bank details: false in production while the IBAN is not valid (bank transfers are refused). */
  bank_details_shown: z.boolean(),
  deposit_max: z.number(),
  deposit_max_cents: z.number().int(),
  confirm_retype_above: z.number(),
  confirm_retype_above_cents: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type BalanceSettings = z.infer<typeof balanceSettingsSchema>;
export type DepositCreated = z.infer<typeof depositCreatedSchema>;

/**
 * A dealer's money beside the admin's dealer list: what they can spend, what they owe (their
 * outstanding debt), their credit limit (how far their purchases may take that debt) and what is left of it.
 */
export const dealerBalanceSchema = z.object({
  dealer_id: z.string(),
  balance: z.number(),
  balance_cents: z.number().int(),
  available_cents: z.number().int(),
  held_cents: z.number().int(),
  owed: z.number(),
  owed_cents: z.number().int(),
  credit_limit: z.number(),
  credit_limit_cents: z.number().int(),
  credit_available_cents: z.number().int(),
});
export type DealerBalance = z.infer<typeof dealerBalanceSchema>;
/** PUT /admin/dealers/:id/credit-limit: the dealer's figures with the new limit, and the limit before it. */
export const dealerCreditLimitResultSchema = dealerBalanceSchema.extend({
  previous_credit_limit: z.number(),
  previous_credit_limit_cents: z.number().int(),
});
export type DealerCreditLimitResult = z.infer<typeof dealerCreditLimitResultSchema>;
/** A credit load or cash payment: the dealer's figures after it, and the movement. */
export const dealerMoneyResultSchema = dealerBalanceSchema.extend({
  transfer_id: z.number().int(),
  amount: z.number(),
  amount_cents: z.number().int(),
});

const collectionKind = z.enum(['dealer-to-sales-manager', 'sales-manager-to-company']);

/** A sales manager's cash figures (the admin's list, and the top of the sales manager's own screen). */
export const salesManagerFiguresSchema = z.object({
  sales_manager_id: z.string(),
  balance: z.number(),
  cash_held: z.number(),
  cash_held_cents: z.number().int(),
  collected_today_cents: z.number().int(),
  collected_this_month_cents: z.number().int(),
  outstanding_cents: z.number().int(),
  outstanding: z.number(),
  dealer_count: z.number().int(),
});
export type SalesManagerFigures = z.infer<typeof salesManagerFiguresSchema>;

/** GET /sales-manager/balance: the figures plus what each of the caller's dealers owes. */
export const salesManagerBalanceSchema = salesManagerFiguresSchema.extend({
  dealers: z.array(
    z.object({
      dealer_id: z.string(),
      name: z.string(),
      owed: z.number(),
      owed_cents: z.number().int(),
      credit_limit_cents: z.number().int(),
    }),
  ),
});
export type SalesManagerBalance = z.infer<typeof salesManagerBalanceSchema>;

/** A recorded collection (dealer → sales manager, or sales manager → company). */
export const collectionResultSchema = z.object({
  collection_id: z.string(),
  kind: collectionKind,
  dealer_id: z.string().nullable(),
  sales_manager_id: z.string(),
  amount: z.number(),
  amount_cents: z.number().int(),
  transfer_id: z.number().int(),
  /** What the dealer still owes afterwards (dealer collections only). */
  dealer_owed_cents: z.number().int().optional(),
  cash_held: z.number(),
  cash_held_cents: z.number().int(),
  created_at: z.string(),
});

const reportTotals = { total: z.number(), total_cents: z.number().int(), count: z.number().int() };
export const collectionLogSchema = z.object({
  id: z.string(),
  kind: collectionKind,
  dealer_id: z.string().nullable(),
  dealer_name: z.string().nullable(),
  sales_manager_id: z.string(),
  sales_manager_name: z.string(),
  amount: z.number(),
  amount_cents: z.number().int(),
  note: z.string().nullable(),
  collected_by: z.string(),
  collected_by_name: z.string(),
  collected_by_role: z.string(),
  created_at: z.string(),
  /** Istanbul wall-clock time, as the CSV shows it. */
  local_time: z.string(),
});

/** How many single collections the report lists: a month of a busy sales manager, never an unbounded answer. */
export const COLLECTION_REPORT_LIST_CAP = 2000;
/** GET /sales-manager/collection-report: what was collected between two Istanbul dates, per dealer and per day. */
export const collectionReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  ...reportTotals,
  by_dealer: z.array(z.object({ dealer_id: z.string(), name: z.string(), ...reportTotals })),
  by_day: z.array(z.object({ date: z.string(), ...reportTotals })),
  /** The collections themselves, newest first (at most COLLECTION_REPORT_LIST_CAP; `count` says how many there are). */
  collections: z.array(collectionLogSchema),
});
export type CollectionReport = z.infer<typeof collectionReportSchema>;

/** A hold as the balance service's internal hold routes answer it (GET /internal/holds/{id} has the whole row). */
export const internalHoldSchema = z.object({
  id: z.uuid(),
  order_id: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(['pending', 'captured', 'voided']),
});
export type InternalHold = z.infer<typeof internalHoldSchema>;

/** One refund to the card of a card payment: a refunded purchase's card share, unspent deposit money, or money charged but never credited. */
export const cardRefundSchema = z.object({
  id: z.string(),
  kind: z.enum(['order', 'unspent', 'unbooked']),
  amount: z.number(),
  amount_cents: z.number().int(),
  /** pending: asked of the provider (or about to be); failed: the provider refused, an admin decides; returned: given back to the balance instead. */
  status: z.enum(['pending', 'succeeded', 'failed', 'returned']),
  /** The refunded order (kind order). */
  order_id: z.string().nullable(),
  /** The provider's reference of the refund, once it answered. */
  provider_refund_id: z.string().nullable(),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type CardRefund = z.infer<typeof cardRefundSchema>;

/**
 * A card payment (POST /user/payments/card, GET /user/payments/{id}): pending until the provider's
 * answer is re-read, then paid (credited to the balance), in review (charged, the provider's fraud
 * check has not decided: nothing credited yet), failed (the reason in the reader's language), or
 * expired (abandoned; `failure_code` says whether the provider has confirmed nothing was charged).
 * A paid payment whose whole amount went back to the card reads refunded.
 */
export const paymentSchema = z.object({
  id: z.string(),
  deposit_id: z.string(),
  user_id: z.string(),
  provider: z.string(),
  /** deposit: money for the balance (the balance page); order: the missing part of one purchase at checkout. */
  purpose: z.enum(['deposit', 'order']),
  status: z.enum(['pending', 'review', 'paid', 'failed', 'expired', 'refunded']),
  amount: z.number(),
  amount_cents: z.number().int(),
  currency: z.literal('EUR'),
  locale: z.enum(['tr', 'en']),
  /** The provider's hosted card page to send the buyer to (null until the provider answered). */
  page_url: z.string().nullable(),
  /** The shop page the buyer comes back to, with `?payment=<id>`. */
  return_path: z.string(),
  provider_payment_id: z.string().nullable(),
  /** What the provider says it charged, in cents (null until it charged anything). */
  paid_cents: z.number().int().nullable(),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** The one order a checkout payment paid for. */
  order_id: z.string().nullable(),
  /** Given back to the card so far (refunds the provider refused count until an admin returns them to the balance). */
  refunded_cents: z.number().int(),
  /** What its owner may still ask back to the card now: unspent deposit money on the balance. */
  refundable_cents: z.number().int(),
  refunds: z.array(cardRefundSchema),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /admin/payments: a payment with who paid (the balance service's copy of the person). */
export const adminPaymentSchema = paymentSchema.extend({
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** A shop path to come back to after paying: same site only, no scheme, host or query. */
export const returnPathSchema = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/]*$/, { message: 'return_path_invalid' });

/** GET /admin/customers/balances: what a retail customer has on their balance (spendable, and held by orders in progress). */
export const customerBalanceSchema = z.object({
  user_id: z.string(),
  balance_cents: z.number().int(),
  held_cents: z.number().int(),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

/** GET /admin/accounts/names: who an account is (for exports that must not show raw ids), from the balance service's copy of people. */
export const accountNameSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type AccountName = z.infer<typeof accountNameSchema>;
