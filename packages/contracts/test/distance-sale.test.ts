import { describe, expect, it } from 'vitest';
import {
  DEMO_SELLER,
  DISTANCE_SALE_VERSION,
  distanceSaleDocuments,
  formatEuros,
  REFUND_POLICY,
  sellerFromView,
  sellerSchema,
  sellerView,
  type Seller,
} from '../src/index';

// de-DE writes euros with a no-break space before the sign.
const eur = (cents: number) => formatEuros(cents);

const seller: Seller = {
  ...DEMO_SELLER,
  name: 'Örnek Gezi İletişim A.Ş.',
  taxOffice: 'Şişli',
  taxNumber: '1234567890',
  mersis: '0123456789000015',
};
const input = {
  seller,
  buyer: { fullName: 'Kart Gezgin', email: 'kart@example.com' },
  item: {
    name: 'Amerika Birleşik Devletleri Standart',
    code: 'US-15D-5GB',
    dataMb: 5120,
    validityDays: 15,
    quantity: 2,
    unitCents: 2499,
  },
  fromBalanceCents: 1000,
  byCardCents: 3998,
  date: new Date('2026-11-26T21:30:00Z'),
};

describe('distance sale documents', () => {
  it('fill the pre-information form and the contract with the seller, the buyer, the package, the price and the refund policy, in Turkish', () => {
    const docs = distanceSaleDocuments({ ...input, locale: 'tr' });
    expect(docs.version).toBe(DISTANCE_SALE_VERSION);
    for (const text of [docs.preInformation, docs.contract]) {
      expect(text).toContain(
        `Satıcı: Örnek Gezi İletişim A.Ş., ${seller.address}; Şişli Vergi Dairesi, vergi no 1234567890; MERSİS no 0123456789000015`,
      );
      expect(text).toContain(seller.email);
      expect(text).toContain('Alıcı: Kart Gezgin, e-posta kart@example.com');
      expect(text).toContain(
        'Hizmet: Amerika Birleşik Devletleri Standart seyahat eSIM veri paketi (US-15D-5GB; 5 GB · 15 gün)',
      );
      expect(text).toContain(`Adet: 2 × ${eur(2499)}; vergiler dahil toplam fiyat: ${eur(4998)}`);
      expect(text).toContain(`${eur(1000)} ön ödemeli bakiyeden, ${eur(3998)} kartla (3-D Secure)`);
      expect(text).toContain(`Cayma hakkı: satın almadan itibaren ${REFUND_POLICY.withdrawalDays} gün`);
      expect(text).toContain(`${REFUND_POLICY.esimUnusedRefundDays} gün içinde talep üzerine iade edilir`);
    }
    expect(docs.preInformation.startsWith('ÖN BİLGİLENDİRME FORMU')).toBe(true);
    expect(docs.contract.startsWith('MESAFELİ SATIŞ SÖZLEŞMESİ')).toBe(true);
    // The day is Istanbul's: 21:30 UTC on the 26th is already the 27th there.
    expect(docs.preInformation).toContain('Tarih: 27 Kasım 2026');
  });

  it('are written in English for an English-speaking buyer', () => {
    const docs = distanceSaleDocuments({ ...input, locale: 'en' });
    expect(docs.preInformation.startsWith('PRE-INFORMATION FORM')).toBe(true);
    expect(docs.contract.startsWith('DISTANCE SALES CONTRACT')).toBe(true);
    expect(docs.contract).toContain('Buyer: Kart Gezgin, e-mail kart@example.com');
    expect(docs.contract).toContain('Seller: Örnek Gezi İletişim A.Ş.');
    expect(docs.contract).toContain('tax office Şişli, tax number 1234567890; MERSIS 0123456789000015');
    expect(docs.contract).toContain(`Quantity: 2 × ${eur(2499)}; total price including taxes: ${eur(4998)}`);
    expect(docs.contract).toContain(`Right of withdrawal: ${REFUND_POLICY.withdrawalDays} days from the purchase`);
    expect(docs.contract).toContain('27 November 2026');
    expect(docs.contract).not.toMatch(/[ğşıİ]{3}/);
  });

  it('name only the card when the balance pays nothing', () => {
    const docs = distanceSaleDocuments({ ...input, fromBalanceCents: 0, byCardCents: 4998, locale: 'tr' });
    expect(docs.contract).toContain(`Ödeme: ${eur(4998)} kartla (3-D Secure)`);
    expect(docs.contract).not.toContain('bakiyeden');
  });

  it("name the part a dealer's credit limit covers apart from the prepaid balance", () => {
    const tr = distanceSaleDocuments({
      ...input,
      fromBalanceCents: 4998,
      fromCreditCents: 1998,
      byCardCents: 0,
      locale: 'tr',
    });
    expect(tr.contract).toContain(
      `Ödeme: ${eur(3000)} ön ödemeli bakiyeden, ${eur(1998)} kredi limitinden; teslimat ücreti yoktur`,
    );
    const en = distanceSaleDocuments({
      ...input,
      fromBalanceCents: 2998,
      fromCreditCents: 2998,
      byCardCents: 2000,
      locale: 'en',
    });
    expect(en.contract).toContain(
      `Payment: ${eur(2998)} on the credit limit and ${eur(2000)} by card (3-D Secure); no delivery fee`,
    );
    expect(en.contract).not.toContain('prepaid balance');
  });

  it('say a top-up is added to the installed eSIM, with no new QR code to scan', () => {
    const tr = distanceSaleDocuments({
      ...input,
      item: { ...input.item, topUpOf: '8990011234567890123' },
      locale: 'tr',
    });
    expect(tr.contract).toContain('ödemeden hemen sonra elektronik ortamda eklenir, yeni QR kod gerekmez');
    expect(tr.contract).not.toContain('QR kod olarak');
    expect(
      distanceSaleDocuments({ ...input, item: { ...input.item, topUpOf: '8990011234567890123' }, locale: 'en' })
        .contract,
    ).toContain('added electronically at once after payment; no new QR code is needed');
  });

  it('name only the balance when it pays the whole price', () => {
    const docs = distanceSaleDocuments({ ...input, fromBalanceCents: 4998, byCardCents: 0, locale: 'tr' });
    expect(docs.contract).toContain(`Ödeme: ${eur(4998)} ön ödemeli bakiyeden; teslimat ücreti yoktur`);
    expect(docs.contract).not.toContain('kartla');
    expect(
      distanceSaleDocuments({ ...input, fromBalanceCents: 4998, byCardCents: 0, locale: 'en' }).contract,
    ).toContain(`Payment: ${eur(4998)} from the prepaid balance; no delivery fee`);
  });
});

describe('the seller as /public/seller answers it', () => {
  it('fills the documents with the same seller as the configuration names (there and back)', () => {
    const view = sellerSchema.parse(sellerView(seller));
    expect(view.tax_office).toBe('Şişli');
    expect(sellerFromView(view)).toEqual(seller);
    expect(distanceSaleDocuments({ ...input, seller: sellerFromView(view), locale: 'tr' })).toEqual(
      distanceSaleDocuments({ ...input, locale: 'tr' }),
    );
  });
});
