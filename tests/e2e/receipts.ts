import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { distanceSaleDocuments, formatEuros, sellerFromView, type SellerView } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import type { RealSystem } from './harness';

const key = () => ({ 'idempotency-key': randomUUID() });
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const RECEIPT_TIMEOUT_MS = 15_000;

interface InboxMail {
  id: string;
  subject: string;
  to: Array<{ address: string }>;
  attachments?: Array<{ generatedFileName: string; fileName: string; contentType: string }>;
}

/** The documents as the storefront's checkout fills them in, with the seller the shop publishes. */
function documents(
  seller: SellerView,
  buyer: { fullName: string; email: string },
  item: { name: string; code: string; cents: number },
  byCardCents: number,
) {
  const docs = distanceSaleDocuments({
    seller: sellerFromView(seller),
    buyer,
    item: { name: item.name, code: item.code, details: '1 GB · 7 gün', quantity: 1, unitCents: item.cents },
    fromBalanceCents: item.cents - byCardCents,
    byCardCents,
    locale: 'tr',
    date: new Date(),
  });
  return { version: docs.version, text: `${docs.preInformation}\n\n${docs.contract}` };
}

/** A card top-up paid on the demo provider's page as a buyer pays it: card form, 3-D Secure, the provider's post to our callback. */
async function payByCard(
  system: RealSystem,
  token: string,
  euros: number,
  agreement: { version: string; text: string },
): Promise<string> {
  const started = await system.api('POST', '/user/payments/card', {
    token,
    headers: key(),
    body: { amount: euros, return_path: '/packages/united-states', agreement },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const pageToken = new URL(started.body.data.page_url).pathname.split('/').pop()!;
  const card = new URLSearchParams({
    name: 'Çağrı Işık',
    number: '5528790000000008',
    expiry: '12/39',
    cvc: '123',
  }).toString();
  const entered = await system.api('POST', `/payments/demo/${pageToken}`, { headers: form, body: card });
  expect(entered.status, String(entered.body)).toBe(200);
  // The bank's answer sends the browser on to our callback with a 307; the callback is posted here as that browser would.
  const verified = await fetch(`${system.baseUrl}/api/payments/demo/${pageToken}/3ds`, {
    method: 'POST',
    headers: form,
    body: 'action=confirm',
    redirect: 'manual',
  });
  expect(verified.status).toBe(307);
  expect((await system.api('POST', '/payments/callback', { headers: form, body: `token=${pageToken}` })).status).toBe(
    200,
  );
  const paid = await system.api('GET', `/user/payments/${started.body.data.id}`, { token });
  expect(paid.body.data.status).toBe('paid');
  return started.body.data.id as string;
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
  const starter = us.body.data.packages.find((p: { duration: number }) => p.duration === 7) as {
    id: string;
    name: string;
    code: string;
    price: number;
  };
  const cents = Math.round(starter.price * 100);
  const item = { name: starter.name, code: starter.code, cents };

  // 0 € on the balance: the card pays the whole price, topped up a little more than it (the rest stays on the balance).
  const topUpCents = 2 * cents + 100;
  const byCard = documents(seller, buyer, item, cents);
  const paymentId = await payByCard(system, token, topUpCents / 100, byCard);
  // After a card payment the order keeps the documents kept with that payment, whatever the purchase itself carries.
  const other = { version: byCard.version, text: 'another text than the one accepted before paying' };
  const first = await system.api('POST', '/user/packages/buy', {
    token,
    headers: key(),
    body: { package_id: starter.id, quantity: 1, agreement: other, card_payment_id: paymentId },
  });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  expect(first.body.data.agreement).toMatchObject({
    version: byCard.version,
    text: byCard.text,
    paid_by_card_cents: cents,
  });

  // A second purchase paid wholly from the balance, its documents accepted the same way.
  const fromBalance = documents(seller, buyer, item, 0);
  const second = await system.api('POST', '/user/packages/buy', {
    token,
    headers: key(),
    body: { package_id: starter.id, quantity: 1, agreement: fromBalance },
  });
  expect(second.status, JSON.stringify(second.body)).toBe(201);
  const reopened = await system.api('GET', `/user/esim/orders/${second.body.data.id}`, { token });
  expect(reopened.body.data.agreement).toMatchObject({ text: fromBalance.text, paid_by_card_cents: 0 });

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
  const balanceOnly = await receiptOf(system, email, second.body.data.order_number);
  expect(balanceOnly.text).toContain(`Ön ödemeli bakiyeden ${eur(cents)}`);
  expect(balanceOnly.text).not.toContain('Kartla (3-D Secure)');
  expect(balanceOnly.text).toContain('Şule Gündoğdu');

  // The money: the card credited the top-up once, the two purchases took their price, the rest stays.
  await waitFor(
    async () => {
      const money = (await system.api('GET', '/user/balance', { token })).body.data as {
        balance_cents: number;
        held_cents: number;
      };
      return money.balance_cents === topUpCents - 2 * cents && money.held_cents === 0;
    },
    { timeoutMs: RECEIPT_TIMEOUT_MS, intervalMs: 100, what: 'both purchases captured from the card top-up' },
  );
}
