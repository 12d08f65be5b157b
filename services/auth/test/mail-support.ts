import { DEMO_SELLER, distanceSaleDocuments, type Locale } from '@esim/contracts';
import type { Mail } from '../src/mail/content';
import type { Receipt } from '../src/receipts/receipt-pdf';
import { renderMail, type MailBrand, type OutgoingMail } from '../src/mail/layout';

/** The brand the template tests draw their mails under (the live one is read from the shop identity). */
export const TEST_BRAND: MailBrand = {
  name: 'Pusula Seyahat',
  logo_url: null,
  primary_color: '#7a1fa2',
  support_email: 'destek@pusula.test',
  support_phone: '+90 212 555 01 01',
  legal_name: 'Pusula Seyahat Teknoloji A.Ş.',
};

/** A template's mail as it goes out: html, plain text and attachments. */
export const rendered = (mail: Mail | Promise<Mail>, brand: MailBrand = TEST_BRAND): Promise<OutgoingMail> =>
  Promise.resolve(mail).then((m) => renderMail(m, brand));

/** A 1×1 PNG: the QR stand-in of the template tests (the esim service draws the real one). */
export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const seller = {
  ...DEMO_SELLER,
  name: 'Pusula Seyahat Teknoloji A.Ş.',
  taxOffice: 'Beşiktaş',
  taxNumber: '1234567890',
  mersis: '0123456789000015',
};
const buyer = { fullName: 'Ayşe Işıl Üstün', email: 'ayse@example.com' };

/** The install details of one eSIM as the esim service sends them, its QR png given. */
export function installDetails(iccid: string, qrPngBase64 = PNG_1X1) {
  const activationCode = `LPA:1$smdp.example.com$MATCH-${iccid.slice(-6)}`;
  return {
    iccid,
    smdpAddress: 'smdp.example.com',
    matchingId: `MATCH-${iccid.slice(-6)}`,
    activationCode,
    iosInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`,
    confirmationCodeRequired: false,
    qrPngBase64,
  };
}

/** An order's receipt event, in `locale`, carrying `esims` (none for a top-up). */
export function sampleReceipt(
  locale: Locale,
  esims: ReturnType<typeof installDetails>[],
  options: { topUp?: boolean } = {},
): Receipt {
  const documents = distanceSaleDocuments({
    seller,
    buyer,
    item: { name: 'Türkiye Standart', code: 'TR-7D-3GB', dataMb: 3072, validityDays: 7, quantity: 1, unitCents: 1299 },
    fromBalanceCents: 1299,
    byCardCents: 0,
    locale,
    date: new Date('2026-11-26T10:00:00Z'),
  });
  return {
    orderId: '0c4c2a4e-8f7a-4d0e-9c55-2a9f6a1c0b11',
    orderNumber: 'K7Q2M9X4TZ',
    userId: 'user-1',
    locale,
    completedAt: '2026-11-26T10:01:00.000Z',
    seller,
    packageCode: 'TR-7D-3GB',
    packageNameTr: 'Türkiye Standart',
    packageNameEn: 'Turkey Standard',
    planTitleTr: 'Türkiye 3 GB · 7 gün',
    planTitleEn: 'Turkey 3 GB · 7 days',
    dataMb: 3072,
    validityDays: 7,
    quantity: esims.length || 1,
    unitPriceCents: 1299,
    totalCents: 1299 * (esims.length || 1),
    paidByCardCents: 0,
    cardPaymentReference: null,
    agreementVersion: documents.version,
    agreementText: `${documents.preInformation}\n\n${documents.contract}`,
    topUp: options.topUp ?? false,
    esims,
  };
}
