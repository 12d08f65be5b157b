import type { SellerView } from './api/esim';
import type { ShopBrand } from './api/shop';
import { formatData } from './api/package-view';
import { formatEuros } from './euros';
import type { Locale } from './messages/types';
import { REFUND_POLICY } from './policy';

/**
 * The two documents Turkish law (Law 6502 and the Distance Contracts Regulation) asks a buyer to see
 * and accept before paying at a distance: the pre-information form (Ön Bilgilendirme Formu) and the
 * distance sales contract (Mesafeli Satış Sözleşmesi). Both are generated from the seller, the buyer,
 * the package, the price and the product's one refund policy, so the text a buyer accepts and the
 * rules the shop applies cannot disagree. The version names this wording; the balance service stores
 * the version and the text a buyer accepted with their payment.
 */
export const DISTANCE_SALE_VERSION = '2026-12-06.1';

/**
 * Who sells: the shop's legal identity as the documents and the receipt name it. The auth service
 * keeps it in its one `shop_identity` row (set by an admin) and serves it at /public/seller.
 */
export interface Seller {
  name: string;
  address: string;
  taxOffice: string;
  taxNumber: string;
  mersis: string;
  phone: string;
  email: string;
}

/**
 * The demo shop's details: an invented company no real one uses, with well-formed but fictitious
 * numbers. The demo seed writes them to the identity row, and tests fill the documents with them.
 */
export const DEMO_SELLER: Seller = {
  name: 'Yelkovan Demo Teknoloji A.Ş.',
  address: 'Örnek Mah. Deneme Sok. No:1, 34000 Fatih / İstanbul',
  taxOffice: 'Fatih',
  taxNumber: '9990001234',
  mersis: '0999000123400015',
  phone: '+90 212 555 01 01',
  email: 'destek@yelkovan-demo.test',
};

/** The demo shop's brand: what the demo seed writes and what a front end shows before it has asked. */
export const DEMO_BRAND: ShopBrand = {
  name: 'Yelkovan Demo',
  logo_url: null,
  primary_color: '#0b57d0',
  secondary_color: '#b3261e',
  support_email: DEMO_SELLER.email,
  support_phone: DEMO_SELLER.phone,
};

/** The seller as GET /public/seller answers it. */
export function sellerView(seller: Seller): SellerView {
  return {
    name: seller.name,
    address: seller.address,
    tax_office: seller.taxOffice,
    tax_number: seller.taxNumber,
    mersis: seller.mersis,
    phone: seller.phone,
    email: seller.email,
  };
}

/** The seller as GET /public/seller answers it, as the documents take it. */
export function sellerFromView(view: SellerView): Seller {
  return {
    name: view.name,
    address: view.address,
    taxOffice: view.tax_office,
    taxNumber: view.tax_number,
    mersis: view.mersis,
    phone: view.phone,
    email: view.email,
  };
}

export interface SaleItem {
  name: string;
  code: string;
  /** null: unlimited data. */
  dataMb: number | null;
  validityDays: number;
  quantity: number;
  unitCents: number;
  /** A top-up adds data to this installed eSIM (its ICCID): nothing new is delivered to scan. */
  topUpOf?: string;
}

/**
 * Who buys, as the documents name them: the person's full name, else the company's, else the
 * address (the storefront fills the documents in from the session, the server from its copy of the person).
 */
export function buyerName(person: { full_name?: string | null; company_name?: string | null; email: string }): string {
  return person.full_name?.trim() || person.company_name?.trim() || person.email;
}

/** What the package gives, as the documents print it: "5 GB · 15 gün", and for a top-up the eSIM it is added to. */
export function saleItemDetails(item: SaleItem, locale: Locale): string {
  const en = locale === 'en';
  const days = en ? `${item.validityDays} ${item.validityDays === 1 ? 'day' : 'days'}` : `${item.validityDays} gün`;
  const gives = `${formatData(item.dataMb, locale)} · ${days}`;
  if (!item.topUpOf) return gives;
  return en
    ? `${gives}; added to the existing eSIM with ICCID ${item.topUpOf}, no new eSIM or QR code`
    : `${gives}; ICCID ${item.topUpOf} olan mevcut eSIM’e eklenir, yeni eSIM ya da QR kodu verilmez`;
}

export interface DistanceSaleInput {
  seller: Seller;
  buyer: { fullName: string; email: string };
  /** The package: its name (in the buyer's language), code, what it gives, how many and at what price. */
  item: SaleItem;
  /** What the balance covers and what the card pays, in cents (their sum is the total). */
  fromBalanceCents: number;
  byCardCents: number;
  /** Of `fromBalanceCents`, what a dealer's credit limit covers (named apart: it is owed, not prepaid). */
  fromCreditCents?: number;
  locale: Locale;
  /** The day the buyer reads the documents. */
  date: Date;
}

export interface DistanceSaleDocuments {
  version: string;
  preInformation: string;
  contract: string;
}

const day = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
    timeZone: 'Europe/Istanbul',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);

/** The seller's identity in one line, as the documents and the receipt print it. */
export function sellerLine(seller: Seller, locale: Locale): string {
  return locale === 'en'
    ? `${seller.name}, ${seller.address}; tax office ${seller.taxOffice}, tax number ${seller.taxNumber}; MERSIS ${seller.mersis}; phone ${seller.phone}, e-mail ${seller.email}`
    : `${seller.name}, ${seller.address}; ${seller.taxOffice} Vergi Dairesi, vergi no ${seller.taxNumber}; MERSİS no ${seller.mersis}; telefon ${seller.phone}, e-posta ${seller.email}`;
}

function parties(input: DistanceSaleInput, en: boolean): string[] {
  return en
    ? [`Seller: ${sellerLine(input.seller, 'en')}`, `Buyer: ${input.buyer.fullName}, e-mail ${input.buyer.email}`]
    : [`Satıcı: ${sellerLine(input.seller, 'tr')}`, `Alıcı: ${input.buyer.fullName}, e-posta ${input.buyer.email}`];
}

// Only the ways that pay a part are named: a purchase the balance covers whole names no card.
function paymentText(input: DistanceSaleInput, en: boolean): string {
  const credit = Math.min(input.fromCreditCents ?? 0, input.fromBalanceCents);
  const prepaid = input.fromBalanceCents - credit;
  const parts = [
    prepaid > 0 || (credit === 0 && input.byCardCents === 0)
      ? en
        ? `${formatEuros(prepaid)} from the prepaid balance`
        : `${formatEuros(prepaid)} ön ödemeli bakiyeden`
      : null,
    credit > 0 ? (en ? `${formatEuros(credit)} on the credit limit` : `${formatEuros(credit)} kredi limitinden`) : null,
    input.byCardCents > 0
      ? en
        ? `${formatEuros(input.byCardCents)} by card (3-D Secure)`
        : `${formatEuros(input.byCardCents)} kartla (3-D Secure)`
      : null,
  ].filter((part): part is string => part !== null);
  if (!en) return parts.join(', ');
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

function goods(input: DistanceSaleInput, en: boolean): string[] {
  const { item } = input;
  const total = formatEuros(item.unitCents * item.quantity);
  const details = saleItemDetails(item, input.locale);
  return en
    ? [
        item.topUpOf
          ? `Service: ${item.name} travel eSIM data package (${item.code}; ${details}), added electronically at once after payment; no new QR code is needed`
          : `Service: ${item.name} travel eSIM data package (${item.code}; ${details}), delivered electronically as a QR code at once after payment`,
        `Quantity: ${item.quantity} × ${formatEuros(item.unitCents)}; total price including taxes: ${total}`,
        `Payment: ${paymentText(input, true)}; no delivery fee`,
      ]
    : [
        item.topUpOf
          ? `Hizmet: ${item.name} seyahat eSIM veri paketi (${item.code}; ${details}); ödemeden hemen sonra elektronik ortamda eklenir, yeni QR kod gerekmez`
          : `Hizmet: ${item.name} seyahat eSIM veri paketi (${item.code}; ${details}); ödemeden hemen sonra QR kod olarak elektronik ortamda teslim edilir`,
        `Adet: ${item.quantity} × ${formatEuros(item.unitCents)}; vergiler dahil toplam fiyat: ${total}`,
        `Ödeme: ${paymentText(input, false)}; teslimat ücreti yoktur`,
      ];
}

/** The withdrawal and refund rule, as the product's one refund policy has it (the storefront's refund page says the same). */
function withdrawal(en: boolean): string[] {
  const p = REFUND_POLICY;
  return en
    ? [
        `Right of withdrawal: ${p.withdrawalDays} days from the purchase, without giving a reason. It does not apply once the eSIM is activated (data used): a service performed instantly in electronic form with the buyer's consent (Distance Contracts Regulation, article 15(1)(ğ)); by paying, the buyer asks for the eSIM to be delivered at once.`,
        `Refunds: an eSIM never activated is refunded on request within ${p.esimUnusedRefundDays} days of purchase; data once used is never refunded. Refunds reach the buyer within ${p.refundBusinessDays.min}-${p.refundBusinessDays.max} business days (to the balance: at once).`,
      ]
    : [
        `Cayma hakkı: satın almadan itibaren ${p.withdrawalDays} gün, gerekçe göstermeden. eSIM etkinleştirildikten (veri kullanıldıktan) sonra cayma hakkı kullanılamaz: alıcının onayıyla elektronik ortamda anında ifa edilen bir hizmettir (Mesafeli Sözleşmeler Yönetmeliği madde 15/1-ğ); alıcı ödeme yaparak eSIM'in hemen teslimini talep eder.`,
        `İade: hiç etkinleştirilmemiş bir eSIM, satın almadan itibaren ${p.esimUnusedRefundDays} gün içinde talep üzerine iade edilir; kullanılan veri iade edilmez. İadeler ${p.refundBusinessDays.min}-${p.refundBusinessDays.max} iş günü içinde yapılır (bakiyeye: hemen).`,
      ];
}

const numbered = (lines: string[]) => lines.map((line, i) => `${i + 1}. ${line}`).join('\n');

/** Both documents as one text, as a buyer's acceptance is kept and mailed. */
export const agreementText = (documents: DistanceSaleDocuments) =>
  `${documents.preInformation}\n\n${documents.contract}`;

/** Both documents, filled in, in the buyer's language. */
export function distanceSaleDocuments(input: DistanceSaleInput): DistanceSaleDocuments {
  const en = input.locale === 'en';
  const date = day(input.date, input.locale);
  const preInformation = [
    en ? 'PRE-INFORMATION FORM' : 'ÖN BİLGİLENDİRME FORMU',
    numbered([
      ...parties(input, en),
      ...goods(input, en),
      ...withdrawal(en),
      en
        ? `Complaints: to the seller at ${input.seller.email}, or to the consumer arbitration committee or consumer court of the buyer's or the seller's place within the monetary limits the Ministry of Trade announces each year.`
        : `Şikâyetler: satıcıya ${input.seller.email} adresinden, ya da Ticaret Bakanlığınca her yıl ilan edilen parasal sınırlar içinde alıcının veya satıcının yerleşim yerindeki tüketici hakem heyetine veya tüketici mahkemesine.`,
    ]),
    en ? `Date: ${date}` : `Tarih: ${date}`,
  ].join('\n\n');
  const contract = [
    en ? 'DISTANCE SALES CONTRACT' : 'MESAFELİ SATIŞ SÖZLEŞMESİ',
    numbered([
      ...parties(input, en),
      en
        ? 'Subject: the sale of the service below under Law 6502 on Consumer Protection and the Distance Contracts Regulation.'
        : 'Konu: aşağıdaki hizmetin 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve Mesafeli Sözleşmeler Yönetmeliği uyarınca satışı.',
      ...goods(input, en),
      en
        ? 'Performance: the seller delivers the eSIM QR code on the order page and by e-mail as soon as the payment is confirmed.'
        : 'İfa: satıcı, ödeme onaylanır onaylanmaz eSIM QR kodunu sipariş sayfasında ve e-postayla teslim eder.',
      ...withdrawal(en),
      en
        ? `The buyer confirms having read the pre-information form before this contract. The contract is concluded electronically on ${date} and kept by the seller.`
        : `Alıcı, bu sözleşmeden önce ön bilgilendirme formunu okuduğunu kabul eder. Sözleşme ${date} tarihinde elektronik ortamda kurulmuş ve satıcı tarafından saklanmaktadır.`,
    ]),
  ].join('\n\n');
  return { version: DISTANCE_SALE_VERSION, preInformation, contract };
}
