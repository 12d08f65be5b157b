import type { MessageCatalog } from './types';

/** Messages of the esim service (codes stable on the wire, texts in Turkish and English; the Turkish texts are the product's exact wording). */
export const esimMessages = {
  // Purchases
  esim_order_completed: { tr: 'Siparişiniz tamamlandı', en: 'Your order is complete' },
  esim_order_processing: { tr: 'Siparişiniz işleniyor', en: 'Your order is being processed' },
  esim_out_of_stock: { tr: 'Stok yetersiz', en: 'Out of stock' },
  // A dealer's end customer on an order.
  esim_customer_dealers_only: {
    tr: 'Müşteri bilgisi yalnızca bayi siparişlerine eklenebilir',
    en: 'Only a dealer’s order can name a customer',
  },
  esim_customer_name_required: { tr: 'Müşteri adı gerekli', en: 'The customer’s name is required' },
  esim_customer_email_invalid: {
    tr: 'Müşterinin e-posta adresi geçerli değil',
    en: 'The customer’s e-mail address is not valid',
  },
  esim_sandbox_no_money: {
    tr: 'Deneme (sandbox) eSIM’leri ve anahtarları para hareketi yapamaz: iade ve yükleme yok',
    en: 'Sandbox eSIMs and keys move no money: no refunds or top-ups',
  },
  esim_customer_updated: { tr: 'Müşteri bilgisi kaydedildi', en: 'Customer saved' },
  esim_buy_dry_run: {
    tr: 'Deneme: fiyat ve uygunluk kontrol edildi, sipariş verilmedi',
    en: 'Dry run: price and availability checked, nothing was ordered',
  },
  // Why a supplier sold nothing: the buyer is charged nothing and told plainly.
  supplier_quantity_max: {
    tr: 'Bu paketten bir siparişte en fazla {{max}} eSIM alınabilir',
    en: 'At most {{max}} eSIMs of this package can be bought in one order',
  },
  supplier_balance_low: {
    tr: 'Bu paket şu an sağlanamıyor; ücret alınmadı. Lütfen biraz sonra tekrar deneyin.',
    en: 'This package cannot be supplied right now; nothing was charged. Please try again a little later.',
  },
  supplier_maintenance: {
    tr: 'Operatör bakımda olduğu için bu paket şu an sağlanamıyor; ücret alınmadı.',
    en: 'The operator is under maintenance, so this package cannot be supplied right now; nothing was charged.',
  },
  supplier_package_unavailable: {
    tr: 'Bu paket şu an satışta değil; ücret alınmadı.',
    en: 'This package is not on sale at the moment; nothing was charged.',
  },
  supplier_esim_recycled: {
    tr: 'Bu eSIM operatör tarafından kapatıldı; yükleme yapılamaz. Yeni bir eSIM satın alabilirsiniz.',
    en: 'The operator has closed this eSIM; it cannot be topped up. You can buy a new eSIM.',
  },
  supplier_top_up_unavailable: {
    tr: 'Bu eSIM için bu paket yüklenemiyor; ücret alınmadı.',
    en: 'This package cannot be added to this eSIM; nothing was charged.',
  },
  supplier_delivery_timeout: {
    tr: 'eSIM tedarikçiden zamanında gelmediği için sipariş iptal edildi; ücret alınmadı.',
    en: 'The eSIM did not arrive from the supplier in time, so the order was cancelled; nothing was charged.',
  },
  supplier_not_configured: { tr: 'Bu tedarikçi yapılandırılmamış', en: 'This supplier is not configured' },
  supplier_webhook_refused: { tr: 'Bildirim doğrulanamadı', en: 'The notification could not be verified' },
  supplier_webhook_failed: {
    tr: 'Bildirim şu an işlenemedi; lütfen yeniden gönderin',
    en: 'The notification could not be handled now; please send it again',
  },
  esim_webhook_received: { tr: 'Bildirim alındı', en: 'Notification received' },
  esim_provider_failed: {
    tr: 'eSIM sağlayıcısı profili veremedi',
    en: 'The eSIM provider could not deliver the profile',
  },
  // The balance service refused the hold for good (not for the balance): failure_params.refusal keeps its code for support.
  esim_payment_refused: {
    tr: 'Ödeme alınamadığı için sipariş iptal edildi. Bakiyenizden hiçbir tutar düşülmedi.',
    en: 'The payment could not be taken, so the order was cancelled. Nothing was deducted from your balance.',
  },
  // Out of stock, but the balance service refused for good to release the hold (e.g. it was captured):
  // the order failed without eSIMs and its payment waits for an admin (failure_params: refusal, hold_id).
  esim_payment_unsettled: {
    tr: 'Sipariş tamamlanamadı. Ödemesi ekibimizce kontrol edilecek; alamadığınız bir eSIM için ücret alınmaz.',
    en: 'The order could not be completed. Our team will check its payment; you are not charged for an eSIM you did not get.',
  },
  esim_order_not_found: { tr: 'Sipariş bulunamadı', en: 'Order not found' },
  // The card payment named for a purchase is not the buyer's, or not paid (yet).
  esim_card_payment_not_paid: {
    tr: 'Kart ödemesi onaylanmadı; sipariş verilmedi',
    en: 'The card payment is not confirmed; no order was placed',
  },
  esim_not_found: { tr: 'eSIM bulunamadı', en: 'eSIM not found' },
  // QR codes
  esim_qr_codes_generated: { tr: 'QR kodları oluşturuldu', en: 'QR codes generated' },
  esim_qr_file_invalid: { tr: 'Geçersiz dosya formatı', en: 'Invalid file format' },
  esim_qr_iccid_invalid: { tr: 'Geçersiz ICCID formatı', en: 'Invalid ICCID format' },
  esim_qr_zip_empty: {
    tr: 'Bu siparişte QR kodu verilebilecek eSIM yok (henüz teslim edilmedi ya da hepsi iade edildi)',
    en: 'This order has no eSIM whose QR code can be given (not delivered yet, or all refunded)',
  },
  esim_qr_gone: {
    tr: 'Bu eSIM iade edildi veya iptal edildi; QR kodu artık kullanılamaz',
    en: 'This eSIM was refunded or revoked; its QR code can no longer be used',
  },
  // Status
  esim_status_updated: { tr: 'eSIM durumu güncellendi', en: 'eSIM status updated' },
  esim_status_transition_refused: {
    tr: '{{from}} durumundaki bir eSIM {{to}} durumuna alınamaz',
    en: 'An eSIM in status {{from}} cannot be set to {{to}}',
  },
  esim_status_unsupported: {
    tr: 'Bu eSIM’in tedarikçisi bu işlemi desteklemiyor',
    en: "This eSIM's supplier does not support this change",
  },
  esim_status_admin_only: { tr: 'Bu durumu yalnızca yönetici verebilir', en: 'Only an admin may set this status' },
  // Refunds
  esim_refunded: { tr: 'eSIM iade edildi', en: 'The eSIM was refunded' },
  esim_suppliers_synced: {
    tr: 'Tedarikçi paket listeleri ve bakiyeleri güncellendi',
    en: 'Supplier package lists and balances updated',
  },
  esim_card_payment_used: {
    tr: 'Bu kart ödemesi başka bir siparişte kullanıldı; sipariş verilmedi',
    en: 'This card payment was already used for another order; no order was placed',
  },
  esim_refund_activated: {
    tr: 'Kullanılmaya başlanmış bir eSIM iade edilemez',
    en: 'An eSIM that has been used cannot be refunded',
  },
  esim_refund_window_passed: {
    tr: 'İade süresi doldu: kullanılmamış bir eSIM satın alındıktan sonra {{days}} gün içinde iade edilebilir',
    en: 'The refund window has passed: an unused eSIM can be refunded within {{days}} days of purchase',
  },
  esim_refund_reason_required: { tr: 'Yönetici iadesinde gerekçe zorunludur', en: 'An admin refund needs a reason' },
  esim_refund_not_allowed_status: {
    tr: 'Bu eSIM zaten iade edilmiş veya iptal edilmiş',
    en: 'This eSIM has already been refunded or revoked',
  },
  esim_refund_not_possible: { tr: 'Bu eSIM iade edilemez', en: 'This eSIM cannot be refunded' },
  // Public balance check
  balance_check_number_required: {
    tr: 'Lütfen sipariş numarası veya sıra numarası girin',
    en: 'Please enter an order number or serial number',
  },
  balance_check_esim_number_invalid: {
    tr: 'Geçersiz QR eSIM sipariş numarası formatı',
    en: 'Invalid QR eSIM order number format',
  },
  // A number of 19-20 digits is an ICCID; one failing its check digit or its 89 prefix cannot be one.
  balance_check_iccid_invalid: { tr: 'Geçersiz ICCID formatı', en: 'Invalid ICCID format' },
  balance_check_loaded: { tr: 'Bakiye bilgileri başarıyla yüklendi', en: 'Balance information loaded' },
  balance_check_demo_loaded: { tr: 'Bakiye bilgileri yüklendi (demo)', en: 'Balance information loaded (demo)' },
  balance_check_not_found: { tr: 'Bakiye bilgileri bulunamadı', en: 'Balance information not found' },
  // Webhook and usage
  esim_webhook_signature_invalid: { tr: 'İmza geçersiz', en: 'Invalid signature' },
  esim_webhook_too_old: { tr: 'İstek zaman damgası çok eski', en: 'The request timestamp is too old' },
  esim_usage_recorded: { tr: 'Kullanım kaydedildi', en: 'Usage recorded' },
  // Pool
  esim_pool_imported: { tr: 'Profiller içe aktarıldı', en: 'Profiles imported' },
  esim_pool_threshold_saved: { tr: 'Stok eşiği kaydedildi', en: 'Stock threshold saved' },
  esim_iccid_invalid: {
    tr: 'ICCID 89 ile başlayan, 19-20 haneli ve kontrol hanesi geçerli olmalı',
    en: 'An ICCID has 19-20 digits, starts with 89 and has a valid check digit',
  },
  esim_iccid_duplicate_file: {
    tr: 'Bu ICCID dosyada birden fazla kez geçiyor',
    en: 'This ICCID appears more than once in the file',
  },
  esim_iccid_duplicate_pool: { tr: 'Bu ICCID zaten stokta', en: 'This ICCID is already in the pool' },
  esim_ref_invalid: { tr: 'Geçersiz kimlik', en: 'Invalid id' },
  esim_country_invalid: { tr: 'Ülke iki harfli ülke kodu olmalı', en: 'The country must be a two-letter country code' },
  esim_field_required: { tr: 'Bu alan zorunludur', en: 'This field is required' },
} satisfies MessageCatalog;
