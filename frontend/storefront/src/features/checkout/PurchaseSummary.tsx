// What the buy-now confirmation and the top-up confirmation show and send alike: the figures and the documents.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  buyerName,
  distanceSaleDocuments,
  sellerFromView,
  type DistanceSaleInput,
  type SellerView,
} from '@esim/contracts';
import { formatEuro } from '@esim/frontend-shared/format';
import { useAuth } from '../../auth/AuthContext';
import { missingCents } from './cardCheckout';
import { checkoutTotals } from './checkout';
import type { UserBalance } from './types';

/** One line of the summary: a label and its figure. */
export function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right' }}>{value}</Typography>
    </Box>
  );
}

export type BalanceSpend = ReturnType<typeof balanceSpend>;

/**
 * Paying `quantity` × `unitPrice` from the balance (euros): a dealer with a credit limit may spend
 * beyond its balance, what is left of the limit counting as money to spend; `fromCreditCents` is the part drawn from it.
 */
export function balanceSpend(balance: UserBalance, unitPrice: number, quantity: number) {
  const creditLeft = (balance.credit_available_cents ?? 0) / 100;
  const spendable = balance.available + creditLeft;
  const totals = checkoutTotals(unitPrice, quantity, spendable);
  const fromCreditCents =
    creditLeft > 0 ? Math.min(missingCents(totals.total, balance.available), Math.round(creditLeft * 100)) : 0;
  return { available: balance.available, creditLeft, spendable, totals, fromCreditCents };
}

/**
 * The total, the balance, a dealer's credit left and what of it is drawn, what a card pays, and the
 * balance after. The balance after is never below zero: a card pays what the balance lacks
 * (`byCardCents`), and where no card is offered a short balance gets no "after" row at all.
 */
export function SpendRows({
  spend,
  labels,
  byCardCents,
}: {
  spend: BalanceSpend;
  labels: { total: string; balance: string; after: string };
  byCardCents?: number;
}) {
  const { t } = useTranslation('shop');
  const { available, creditLeft, totals, fromCreditCents } = spend;
  const paidByCard = !totals.sufficient && byCardCents !== undefined;
  return (
    <>
      <SummaryRow label={labels.total} value={formatEuro(totals.total)} strong />
      <SummaryRow label={labels.balance} value={formatEuro(available)} />
      {creditLeft > 0 && <SummaryRow label={t('checkout.creditLeft')} value={formatEuro(creditLeft)} />}
      {fromCreditCents > 0 && <SummaryRow label={t('checkout.fromCredit')} value={formatEuro(fromCreditCents / 100)} />}
      {paidByCard && byCardCents > 0 && (
        <SummaryRow label={t('checkout.byCard')} value={formatEuro(byCardCents / 100)} />
      )}
      {(totals.sufficient || paidByCard) && (
        <SummaryRow label={labels.after} value={formatEuro(missingCents(available, totals.total) / 100)} />
      )}
    </>
  );
}

/**
 * How a purchase is paid, in euros: what the card pays (what the balance and a dealer's credit
 * left lack), what the balance pays and what the credit pays; the three add up to the total.
 */
export function paymentSplit(spend: BalanceSpend, byCardCents: number) {
  const totalCents = Math.round(spend.totals.total * 100);
  const fromBalanceCents = Math.max(0, totalCents - byCardCents - spend.fromCreditCents);
  return { card: byCardCents / 100, balance: fromBalanceCents / 100, credit: spend.fromCreditCents / 100 };
}

/** What is bought (the package's facts) and how it is paid; the seller, the buyer, the language and the day are filled in here. */
export type Purchase = Omit<DistanceSaleInput, 'seller' | 'buyer' | 'locale' | 'date'>;

/**
 * The pre-information form and the distance sales contract of this purchase, filled in as the
 * server fills them in from the order (the same function, the same facts): the seller as
 * /public/seller names it, the signed-in buyer by `buyerName`, the package's data, days and price,
 * and the app's language. The agreement the purchase is sent with is their version only: the
 * server keeps its own copy of the text, never a client's. Both null until the seller and the purchase are known.
 */
export function usePurchaseDocuments(seller: SellerView | null | undefined, purchase: Purchase | null) {
  const { i18n } = useTranslation();
  const { user } = useAuth();
  // The app's language may carry a region (en-GB): the documents come in its language.
  const locale = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'tr';
  // The session carries the person's name and address (no company name): the server names them from the same person.
  const email = user?.email ?? '';
  const fullName = buyerName({ full_name: user?.full_name, email });
  // The purchase is a fresh object each render: its content decides when the documents change.
  const purchaseKey = purchase ? JSON.stringify(purchase) : null;
  return useMemo(() => {
    if (!seller || !purchase) return { documents: null, agreement: null };
    const documents = distanceSaleDocuments({
      ...purchase,
      seller: sellerFromView(seller),
      buyer: { fullName, email },
      locale,
      date: new Date(),
    });
    return { documents, agreement: { version: documents.version } };
  }, [seller, purchaseKey, fullName, email, locale]);
}
