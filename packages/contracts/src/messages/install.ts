import type { MessageCatalog } from './types';

/** Messages of installing an eSIM from another device (esim service, src/install/). */
export const installMessages = {
  install_mail_queued: {
    tr: 'Kurulum bilgileri e-posta adresinize gönderiliyor',
    en: 'The install details are on their way to your e-mail',
  },
  install_mail_rate_limited: {
    tr: 'Bu sipariş için çok fazla e-posta istendi. {{retryAfter}} saniye sonra tekrar deneyin.',
    en: 'Too many e-mails were requested for this order. Try again in {{retryAfter}} seconds.',
  },
  install_mail_nothing_to_send: {
    tr: 'Bu siparişte kurulacak bir eSIM yok',
    en: 'This order has no eSIM left to install',
  },
  customer_mail_queued: {
    tr: 'Kurulum bilgileri müşterinizin e-posta adresine gönderiliyor',
    en: 'The install details are on their way to your customer’s e-mail',
  },
  customer_mail_no_email: {
    tr: 'Bu siparişte müşteri e-posta adresi yok; önce müşteriyi ekleyin',
    en: 'This order has no customer e-mail; add the customer first',
  },
  install_link_created: { tr: 'Kurulum bağlantısı oluşturuldu', en: 'Install link created' },
  install_links_loaded: { tr: 'Kurulum bağlantıları', en: 'Install links' },
  install_link_revoked: { tr: 'Kurulum bağlantısı iptal edildi', en: 'Install link revoked' },
  install_link_not_found: { tr: 'Kurulum bağlantısı bulunamadı', en: 'Install link not found' },
  install_link_gone: {
    tr: 'Bu kurulum bağlantısının süresi doldu veya iptal edildi. Yeni bir bağlantı için sipariş sayfanızı açın.',
    en: 'This install link has expired or was revoked. Open your order page for a new link.',
  },
  install_link_token_invalid: { tr: 'Geçersiz kurulum bağlantısı', en: 'Invalid install link' },
  install_link_esim_not_ready: {
    tr: 'Bu eSIM kurulmuş veya kullanılamaz durumda; kurulum bağlantısı oluşturulamaz',
    en: 'This eSIM is already installed or cannot be used; no install link can be made for it',
  },
  install_link_limit: {
    tr: 'Bu eSIM için en fazla {{max}} etkin kurulum bağlantısı olabilir; önce birini iptal edin',
    en: 'An eSIM can have at most {{max}} active install links; revoke one first',
  },
  install_page_loaded: { tr: 'Kurulum sayfası', en: 'Install page' },
} as const satisfies MessageCatalog;
