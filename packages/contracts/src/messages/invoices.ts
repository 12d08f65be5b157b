import type { MessageCatalog } from './types';

/** Messages of the auth service's e-Arşiv invoices (codes stable on the wire, texts in Turkish and English). */
export const invoiceMessages = {
  invoice_not_found: { tr: 'Fatura bulunamadı', en: 'Invoice not found' },
  invoice_not_issued: { tr: 'Fatura henüz kesilmedi', en: 'The invoice has not been issued yet' },
  invoice_retry_queued: {
    tr: 'Fatura yeniden kesilmek üzere sıraya alındı',
    en: 'The invoice was queued to be issued again',
  },
  invoice_pdf_unavailable: {
    tr: 'Faturanın PDF dosyası şu anda alınamıyor, lütfen biraz sonra tekrar deneyin',
    en: 'The invoice PDF cannot be fetched right now, please try again shortly',
  },
  sale_type_invalid: {
    tr: 'Satış türü esim, top_up veya physical_sim olmalı',
    en: 'The sale type must be esim, top_up or physical_sim',
  },
  invoice_kind_invalid: {
    tr: 'Belge türü invoice veya return olmalı',
    en: 'The document kind must be invoice or return',
  },
  vat_rate_invalid: {
    tr: 'KDV oranı 0 ile 100 arasında bir tam sayı olmalı',
    en: 'The VAT rate must be a whole number from 0 to 100',
  },
  invoice_settings_updated: { tr: 'Fatura ayarları güncellendi', en: 'Invoice settings updated' },
} satisfies MessageCatalog;
