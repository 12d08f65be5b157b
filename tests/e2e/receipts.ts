import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import {
  agreementText,
  DISTANCE_SALE_VERSION,
  distanceSaleDocuments,
  formatEuros,
  sellerFromView,
  type EsimOrder,
  type SellerView,
} from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { payByCard } from './cards';
import type { RealSystem } from './harness';

const key = () => ({ 'idempotency-key': randomUUID() });
const RECEIPT_TIMEOUT_MS = 15_000;

interface InboxMail {
  id: string;
  subject: string;
  to: Array<{ address: string }>;
  html: string;
  attachments?: Array<{ generatedFileName: string; fileName: string; contentType: string; contentId?: string }>;
}

/** The documents as the server fills them in for an order: its seller, the buyer, the package and how it was paid. */
function documentsOf(
  seller: SellerView,
  buyer: { fullName: string; email: string },
  order: EsimOrder,
  byCardCents: number,
): string {
  return agreementText(
    distanceSaleDocuments({
      seller: sellerFromView(seller),
      buyer,
      item: {
        name: order.package.name,
        code: order.package.code,
        dataMb: order.package.data_mb,
        validityDays: order.package.validity_days,
        quantity: order.quantity,
        unitCents: order.unit_price_cents,
      },
      fromBalanceCents: order.total_cents - byCardCents,
      byCardCents,
      locale: 'tr',
      date: new Date(order.agreement!.accepted_at),
    }),
  );
}

/** The receipt mail of an order in the demo inbox, and its PDF's text (white space made one). */
async function receiptOf(
  system: RealSystem,
  email: string,
  orderNumber: string,
): Promise<{ mail: InboxMail; text: string }> {
  const mail = (await waitFor(
    async () => {
      const inbox = (await (await fetch(`${system.mailWebUrl}/email`)).json()) as InboxMail[];
      return inbox.find(
        (m) => m.to.some((to) => to.address === email) && m.subject === `Siparişinizin makbuzu (${orderNumber})`,
      );
    },
    { timeoutMs: RECEIPT_TIMEOUT_MS, intervalMs: 200, what: `the receipt of ${orderNumber} in the demo inbox` },
  ))!;
  const pdfs = (mail.attachments ?? []).filter((a) => a.contentType === 'application/pdf');
  expect(pdfs.map((a) => a.fileName)).toEqual([`makbuz-${orderNumber}.pdf`]);
  const file = await fetch(`${system.mailWebUrl}/email/${mail.id}/attachment/${pdfs[0]!.generatedFileName}`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { mail, text: text.replace(/\s+/g, ' ') };
}

const eur = (cents: number) => formatEuros(cents).replace(/\s+/g, ' ');

/**
 * Retail by card: a new buyer with 0 € pays a US package by card (the demo provider, 3-D Secure)
 * after accepting the distance-sale documents, then buys a second one wholly from what the card
 * left on the balance. Each order keeps the documents accepted, and each brings its receipt mail
 * with the PDF (seller, buyer, order, the card's and the balance's shares, both documents).
 */
export async function cardReceiptFlow(system: RealSystem): Promise<void> {
  const email = `e2e-${randomUUID().slice(0, 8)}@kart.test`;
  const buyer = { fullName: 'Şule Gündoğdu', email };
  const password = 'Gezgin-Kart-Sifre-2026';
  expect((await system.api('POST', '/register', { body: { full_name: buyer.fullName, email, password } })).status).toBe(
    201,
  );
  const token = await system.login(email, password);
  const seller = (await system.api('GET', '/public/seller')).body.data as SellerView;
  expect(seller.mersis).toMatch(/^[0-9]{16}$/);

  const us = await system.api('GET', '/public/countries/united-states/packages');
  // The pool's package (a run with a fake supplier sells the supplier's beside it).
  const starter = us.body.data.packages.find((p: { code: string }) => p.code === 'US-7D-3GB') as {
    id: string;
    name: string;
    code: string;
    price: number;
  };
  const cents = Math.round(starter.price * 100);

  // 0 € on the balance: the card pays the whole price and a little more (the rest stays on the balance).
  const depositCents = 2 * cents + 100;
  const payment = await payByCard(system, token, depositCents / 100, { checkout: true });
  const paymentId = payment.id;
  // The client says which version it accepted; a text it sends along is never read.
  const lie = { version: DISTANCE_SALE_VERSION, text: 'Satıcı her şeyi iade eder.' };
  const first = await system.api('POST', '/user/packages/buy', {
    token,
    headers: key(),
    body: { package_id: starter.id, quantity: 1, agreement: lie, card_payment_id: paymentId },
  });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const firstOrder = first.body.data as EsimOrder;
  expect(firstOrder.agreement).toMatchObject({
    version: DISTANCE_SALE_VERSION,
    text: documentsOf(seller, buyer, firstOrder, cents),
    paid_by_card_cents: cents,
  });

  // A second purchase paid wholly from the balance, its documents accepted the same way.
  const second = await system.api('POST', '/user/packages/buy', {
    token,
    headers: key(),
    body: { package_id: starter.id, quantity: 1, agreement: { version: DISTANCE_SALE_VERSION } },
  });
  expect(second.status, JSON.stringify(second.body)).toBe(201);
  const reopened = await system.api('GET', `/user/esim/orders/${second.body.data.id}`, { token });
  expect(reopened.body.data.agreement).toMatchObject({
    text: documentsOf(seller, buyer, reopened.body.data as EsimOrder, 0),
    paid_by_card_cents: 0,
  });

  // Someone else's card payment never pays a purchase: refused before any order is written.
  const stranger = await system.login('customer@esim.test');
  const refused = await system.api('POST', '/user/packages/buy', {
    token: stranger,
    headers: key(),
    body: { package_id: starter.id, quantity: 1, card_payment_id: paymentId },
  });
  expect(refused.status).toBe(422);
  expect(refused.body.errors[0].path).toBe('card_payment_id');

  const card = await receiptOf(system, email, first.body.data.order_number);
  for (const expected of [
    'Sipariş Makbuzu',
    seller.name,
    `MERSİS no ${seller.mersis}`,
    `${seller.tax_office} Vergi Dairesi, vergi no ${seller.tax_number}`,
    `${buyer.fullName}, ${email}`,
    first.body.data.order_number,
    `Toplam (vergiler dahil) ${eur(cents)}`,
    `Ön ödemeli bakiyeden ${eur(0)}`,
    `Kartla (3-D Secure) ${eur(cents)}`,
    'ÖN BİLGİLENDİRME FORMU',
    'MESAFELİ SATIŞ SÖZLEŞMESİ',
  ]) {
    expect(card.text).toContain(expected);
  }
  // The purchase mail carries its eSIM's QR inline, as the distance sales contract promises.
  const qr = (card.mail.attachments ?? []).filter((a) => a.contentType === 'image/png');
  expect(qr).toHaveLength(1);
  expect(card.mail.html).toContain(`cid:${qr[0]!.contentId}`);
  const balanceOnly = await receiptOf(system, email, second.body.data.order_number);
  expect(balanceOnly.text).toContain(`Ön ödemeli bakiyeden ${eur(cents)}`);
  expect(balanceOnly.text).not.toContain('Kartla (3-D Secure)');
  expect(balanceOnly.text).toContain('Şule Gündoğdu');

  // The money: the card credited the deposit once, the two purchases took their price, the rest stays.
  await waitFor(
    async () => {
      const money = (await system.api('GET', '/user/balance', { token })).body.data as {
        balance_cents: number;
        held_cents: number;
      };
      return money.balance_cents === depositCents - 2 * cents && money.held_cents === 0;
    },
    { timeoutMs: RECEIPT_TIMEOUT_MS, intervalMs: 100, what: 'both purchases captured from the card deposit' },
  );
}
