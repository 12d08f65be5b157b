import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO_SELLER, DISTANCE_SALE_VERSION, distanceSaleDocuments, formatEuros } from '@esim/contracts';
import { receiptMail } from '../src/receipts/receipt-mail';
import { receiptPdf, type Receipt } from '../src/receipts/receipt-pdf';
import { rendered } from './mail-support';

const buyer = { fullName: 'Ayşe Işıl Üstün Çağlayan', email: 'ayse@example.com' };
const seller = {
  ...DEMO_SELLER,
  name: 'Güneş İletişim Hizmetleri A.Ş.',
  taxOffice: 'Beşiktaş',
  taxNumber: '1234567890',
  mersis: '0123456789000015',
};

function receipt(locale: 'tr' | 'en', paidByCardCents: number): Receipt {
  const documents = distanceSaleDocuments({
    seller,
    buyer,
    item: { name: 'Türkiye Standart', code: 'TR-7D-3GB', dataMb: 3072, validityDays: 7, quantity: 2, unitCents: 1299 },
    fromBalanceCents: 2598 - paidByCardCents,
    byCardCents: paidByCardCents,
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
    dataMb: 3072,
    validityDays: 7,
    quantity: 2,
    unitPriceCents: 1299,
    totalCents: 2598,
    paidByCardCents,
    cardPaymentReference: paidByCardCents > 0 ? 'demo-pay-42' : null,
    agreementVersion: documents.version,
    agreementText: `${documents.preInformation}\n\n${documents.contract}`,
  };
}

// formatEuros puts a no-break space before the sign; the extracted text is compared with white space made one.
const eur = (cents: number) => formatEuros(cents).replace(/\s+/g, ' ');

/** The PDF's text as a reader extracts it, pages joined, runs of white space made one. */
async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe('order receipt PDF', () => {
  it('prints the seller, the buyer, the order, the line, the amounts paid by balance and card, and both accepted documents, in Turkish letters', async () => {
    const pdf = await receiptPdf(receipt('tr', 1598), buyer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The font travels in the file (subset), so any reader shows ğ ş ı İ.
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
    const { text, pages } = await textOf(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Sipariş Makbuzu');
    expect(text).toContain('Güneş İletişim Hizmetleri A.Ş.');
    expect(text).toContain('Beşiktaş Vergi Dairesi, vergi no 1234567890');
    expect(text).toContain('MERSİS no 0123456789000015');
    expect(text).toContain('Ayşe Işıl Üstün Çağlayan, ayse@example.com');
    expect(text).toContain('K7Q2M9X4TZ');
    expect(text).toContain('Türkiye Standart (TR-7D-3GB; 3 GB · 7 gün)');
    expect(text).toContain(eur(1299));
    expect(text).toContain(`Toplam (vergiler dahil) ${eur(2598)}`);
    expect(text).toContain(`Ön ödemeli bakiyeden ${eur(1000)}`);
    expect(text).toContain(`Kartla (3-D Secure) ${eur(1598)}`);
    expect(text).toContain('Kart ödemesi referansı demo-pay-42');
    expect(text).toContain('fatura yerine geçmez');
    expect(text).toContain(`Kabul ettiğiniz belgeler (sürüm ${DISTANCE_SALE_VERSION})`);
    expect(text).toContain('ÖN BİLGİLENDİRME FORMU');
    expect(text).toContain('MESAFELİ SATIŞ SÖZLEŞMESİ');
    expect(text).toContain('Cayma hakkı');
    expect(text).toContain('Sayfa 1 / ');
    // Every Turkish letter comes back as written (no '?' or dropped glyph).
    for (const letter of ['ğ', 'ş', 'ı', 'İ', 'ç', 'ö', 'ü', 'Ş', 'Ç', 'Ö', 'Ü']) expect(text).toContain(letter);
  });

  it('is in English for an English order, and names no card when the balance paid it all', async () => {
    const { text } = await textOf(await receiptPdf(receipt('en', 0), buyer));
    expect(text).toContain('Order receipt');
    expect(text).toContain('Turkey Standard (TR-7D-3GB; 3 GB · 7 days)');
    expect(text).toContain(`From the prepaid balance ${eur(2598)}`);
    expect(text).not.toContain('By card');
    expect(text).toContain('tax office Beşiktaş, tax number 1234567890; MERSIS 0123456789000015');
    expect(text).toContain('PRE-INFORMATION FORM');
    expect(text).toContain('DISTANCE SALES CONTRACT');
    expect(text).toContain('Page 2 of ');
  });

  it('goes out as a mail in the order language with the PDF attached and a link to the order', async () => {
    const mail = await rendered(
      receiptMail(receipt('tr', 0), { email: buyer.email, fullName: buyer.fullName }, 'https://shop.example/'),
    );
    expect(mail.to).toBe(buyer.email);
    expect(mail.subject).toBe('Siparişinizin makbuzu (K7Q2M9X4TZ)');
    expect(mail.text).toContain('Merhaba Ayşe Işıl Üstün Çağlayan,');
    expect(mail.text).toContain(`Ödenen tutar: ${formatEuros(2598)}`);
    expect(mail.text).toContain('https://shop.example/order/0c4c2a4e-8f7a-4d0e-9c55-2a9f6a1c0b11');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: 'makbuz-K7Q2M9X4TZ.pdf', contentType: 'application/pdf' });
    expect((await textOf(mail.attachments![0]!.content)).text).toContain('MESAFELİ SATIŞ SÖZLEŞMESİ');
  });
});
