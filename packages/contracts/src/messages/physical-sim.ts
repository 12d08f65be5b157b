import type { MessageCatalog } from './types';

/** Messages of the physical-sim service (codes stable on the wire, texts in Turkish and English). */
export const physicalSimMessages = {
  // Card identifiers (field errors and import error-report reasons)
  iccid_format: { tr: 'ICCID 19 veya 20 rakamdan oluşmalı', en: 'The ICCID must be 19 or 20 digits' },
  iccid_prefix: { tr: 'ICCID 89 ile başlamalı', en: 'The ICCID must start with 89' },
  iccid_luhn: { tr: 'ICCID kontrol hanesi (Luhn) hatalı', en: 'The ICCID check digit (Luhn) is wrong' },
  serial_format: { tr: 'Geçersiz fiziksel SIM sıra numarası formatı', en: 'Invalid physical SIM serial number format' },
  eid_format: { tr: 'EID 32 rakamdan oluşmalı', en: 'The EID must be 32 digits' },
  eid_checksum: { tr: 'EID kontrol haneleri hatalı', en: 'The EID check digits are wrong' },
  package_code_required: { tr: 'Paket kodu gerekli', en: 'The package code is required' },
  package_code_unknown: { tr: 'Bilinmeyen Plus paketi kodu', en: 'Unknown Plus package code' },
  duplicate_in_file: {
    tr: 'Dosyada daha önce geçiyor (satır {{row}})',
    en: 'Already appears in the file (row {{row}})',
  },
  duplicate_in_stock: { tr: 'Stokta zaten kayıtlı', en: 'Already in stock' },
  unsafe_text: {
    tr: 'Metin izin verilmeyen karakterler içeriyor',
    en: 'The text contains characters that are not allowed',
  },

  // Imports
  import_queued: { tr: 'İçe aktarma kuyruğa alındı', en: 'The import is queued' },
  import_not_found: { tr: 'İçe aktarma bulunamadı', en: 'Import not found' },
  import_file_required: { tr: 'Bir dosya seçin (alan adı: file)', en: 'Choose a file (field name: file)' },
  import_file_type: { tr: 'Yalnızca xlsx veya csv dosyası yüklenebilir', en: 'Only xlsx or csv files can be uploaded' },
  import_file_too_large: { tr: 'Dosya en fazla {{max}} MB olabilir', en: 'The file may be at most {{max}} MB' },
  // The import error report's column headings
  import_report_row: { tr: 'Satır', en: 'Row' },
  import_report_column: { tr: 'Sütun', en: 'Column' },
  import_report_reason_code: { tr: 'Hata kodu', en: 'Reason code' },
  import_report_reason: { tr: 'Neden', en: 'Reason' },
  import_report_value: { tr: 'Değer', en: 'Value' },
  import_file_unpacked_too_large: {
    tr: 'Dosyanın açılmış boyutu çok büyük (en fazla {{max}} MB)',
    en: 'The file is too large once unpacked (at most {{max}} MB)',
  },
  import_too_many_rows: {
    tr: 'Dosya en fazla {{max}} satır içerebilir',
    en: 'The file may contain at most {{max}} rows',
  },
  import_header_invalid: {
    tr: 'Başlık satırı şu sütunları içermeli: iccid, serial_number, eid, package_code',
    en: 'The header row must have the columns iccid, serial_number, eid, package_code',
  },
  import_file_unreadable: { tr: 'Dosya okunamadı', en: 'The file could not be read' },
  import_empty: { tr: 'Dosyada içe aktarılacak satır yok', en: 'The file has no rows to import' },
  import_interrupted: {
    tr: 'İçe aktarma tekrar tekrar yarıda kaldı; hiçbir kart eklenmedi',
    en: 'The import was interrupted again and again; no card was added',
  },
  import_failed: {
    tr: 'İçe aktarma başarısız oldu; hiçbir kart eklenmedi: {{reason}}',
    en: 'The import failed; no card was added: {{reason}}',
  },
  serial_required: {
    tr: 'Lütfen sipariş numarası veya sıra numarası girin',
    en: 'Please enter an order number or a serial number',
  },
  import_body_invalid: {
    tr: 'Gövde CSV metni (text/csv) ya da { "cards": [...] } biçiminde JSON olmalı',
    en: 'The body must be CSV text (text/csv) or JSON { "cards": [...] }',
  },

  // Stock
  card_not_found: { tr: 'Kart bulunamadı', en: 'Card not found' },
  card_status_updated: { tr: 'Kart durumu güncellendi', en: 'Card status updated' },
  card_transition_not_allowed: {
    tr: 'Kart durumu {{from}} iken {{to}} yapılamaz',
    en: 'A card cannot go from {{from}} to {{to}}',
  },
  cards_transferred: { tr: 'Kartlar bayiye aktarıldı', en: 'Cards transferred to the dealer' },
  cards_returned_to_admin: { tr: 'Kartlar yönetici stoğuna alındı', en: 'Cards returned to admin stock' },
  cards_not_transferable: {
    tr: 'Aktarılamayan kartlar var (stokta değil ya da bir bayide): {{cards}}',
    en: 'Some cards cannot be transferred (not in admin stock): {{cards}}',
  },
  cards_not_returnable_to_admin: {
    tr: 'Yönetici stoğuna alınamayan kartlar var: {{cards}}',
    en: 'Some cards cannot be returned to admin stock: {{cards}}',
  },
  serial_range_too_large: {
    tr: 'Seri aralığı en fazla {{max}} kart içerebilir',
    en: 'A serial range may cover at most {{max}} cards',
  },
  card_not_deletable: { tr: 'Bu kart silinemez: {{reasons}}', en: 'This card cannot be deleted: {{reasons}}' },
  card_deleted: { tr: 'Kart silindi', en: 'Card deleted' },
  cards_deleted: { tr: 'Toplu silme tamamlandı', en: 'Bulk deletion done' },

  // Orders and returns
  order_placed: { tr: 'Siparişiniz alındı, yönetici onayı bekleniyor', en: 'Your order is placed and awaits approval' },
  order_not_found: { tr: 'Sipariş bulunamadı', en: 'Order not found' },
  order_not_pending: { tr: 'Bu sipariş zaten {{status}}', en: 'This order is already {{status}}' },
  order_approved: { tr: 'Sipariş onaylandı', en: 'Order approved' },
  order_rejected: { tr: 'Sipariş reddedildi', en: 'Order rejected' },
  order_exceeds_stock: {
    tr: 'Stok yetersiz: bu paketten en fazla {{available}} kart sipariş edilebilir',
    en: 'Not enough stock: at most {{available}} cards of this package can be ordered',
  },
  not_enough_stock: {
    tr: 'Stok yetersiz: bu paketten {{available}} kart var',
    en: 'Not enough stock: {{available}} cards of this package',
  },
  plus_package_not_found: { tr: 'Plus paketi bulunamadı', en: 'Plus package not found' },
  plus_dealers_only: { tr: 'Plus paketleri yalnızca bayilere satılır', en: 'Plus packages are sold to dealers only' },
  return_placed: { tr: 'İade talebiniz alındı', en: 'Your return request is received' },
  return_auto_approved: { tr: 'İadeniz onaylandı', en: 'Your return is approved' },
  return_not_found: { tr: 'İade bulunamadı', en: 'Return not found' },
  return_not_pending: { tr: 'Bu iade zaten {{status}}', en: 'This return is already {{status}}' },
  return_approved: { tr: 'İade onaylandı', en: 'Return approved' },
  return_rejected: { tr: 'İade reddedildi', en: 'Return rejected' },
  return_cards_not_yours: { tr: 'Size ait olmayan kartlar var: {{cards}}', en: 'Some cards are not yours: {{cards}}' },
  return_cards_not_returnable: {
    tr: 'İade edilemeyen kartlar var (etkinleştirilmiş, iadesi sürüyor ya da {{days}} günlük süre geçmiş): {{cards}}',
    en: 'Some cards cannot be returned (activated, already being returned, or past the {{days}} days): {{cards}}',
  },
  settings_updated: { tr: 'Ayarlar güncellendi', en: 'Settings updated' },

  // Public balance check
  physical_sim_not_found: { tr: 'Bakiye bilgileri bulunamadı', en: 'No balance information found' },

  // The operator's usage webhook (the same texts as the eSIM one)
  physical_sim_webhook_signature_invalid: { tr: 'İmza geçersiz', en: 'Invalid signature' },
  physical_sim_webhook_too_old: { tr: 'İstek zaman damgası çok eski', en: 'The request timestamp is too old' },
  physical_sim_usage_recorded: { tr: 'Kullanım kaydedildi', en: 'Usage recorded' },
} satisfies MessageCatalog;
