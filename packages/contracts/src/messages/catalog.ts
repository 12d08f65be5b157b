import type { MessageCatalog } from './types';

/** Messages of the catalog service (codes stable on the wire, texts in Turkish and English). */
export const catalogMessages = {
  // Lookups
  country_not_found: { tr: 'Ülke bulunamadı', en: 'Country not found' },
  package_not_found: { tr: 'Paket bulunamadı', en: 'Package not found' },
  package_inactive: { tr: 'Bu paket artık satışta değil', en: 'This package is no longer on sale' },
  dealer_not_found: { tr: 'Bayi bulunamadı', en: 'Dealer not found' },
  dealer_not_yours: { tr: 'Bu bayi size bağlı değil', en: 'This dealer is not assigned to you' },

  // Dealer pricing
  dealer_price_updated: { tr: 'Bayi fiyatı güncellendi', en: 'Dealer price updated' },
  dealer_prices_updated: { tr: 'Bayi fiyatları güncellendi', en: 'Dealer prices updated' },
  dealer_price_removed: {
    tr: 'Bayiye özel fiyat kaldırıldı, liste fiyatı geçerli',
    en: 'Dealer price removed; the retail price applies',
  },
  dealer_price_below_cost: {
    tr: 'Fiyat maliyetin altında olamaz: {{packages}}',
    en: 'The price must not be below cost: {{packages}}',
  },
  dealer_price_below_cost_admin_only: {
    tr: 'Maliyetin altında fiyatı yalnızca yönetici onaylayabilir',
    en: 'Only an admin may allow a price below cost',
  },
  dealer_price_unknown_packages: {
    tr: 'Bilinmeyen paket: {{packages}}',
    en: 'Unknown package: {{packages}}',
  },
  dealer_price_duplicate_package: {
    tr: 'Aynı paket listede birden fazla kez geçiyor',
    en: 'The same package appears more than once in the list',
  },
  dealer_price_empty_selection: {
    tr: 'Fiyatı değiştirilecek paket bulunamadı',
    en: 'There is no package to reprice',
  },

  // Admin catalog management
  package_created: { tr: 'Paket oluşturuldu', en: 'Package created' },
  package_updated: { tr: 'Paket güncellendi', en: 'Package updated' },
  package_deactivated: { tr: 'Paket satıştan kaldırıldı', en: 'Package deactivated' },
  package_code_taken: { tr: 'Bu paket kodu zaten kullanılıyor', en: 'This package code is already in use' },
  package_cost_above_retail: {
    tr: 'Maliyet fiyatı satış fiyatından yüksek olamaz',
    en: 'The cost price must not be above the retail price',
  },
  package_local_one_country: {
    tr: 'Yerel paket tam olarak bir ülkeyi kapsamalı',
    en: 'A local package must cover exactly one country',
  },
  package_needs_countries: {
    tr: 'Bölgesel ve küresel paketler en az iki ülkeyi kapsamalı',
    en: 'Regional and global packages must cover at least two countries',
  },
  unknown_countries: { tr: 'Bilinmeyen ülke kodu: {{codes}}', en: 'Unknown country code: {{codes}}' },
  package_operators_not_covered: {
    tr: 'Operatör girilen ülkeler paketin kapsamında değil: {{codes}}',
    en: 'Operators were given for countries the package does not cover: {{codes}}',
  },
  package_operators_duplicate_country: {
    tr: 'Bu ülkenin operatörleri birden fazla kez girildi',
    en: 'This country’s operators were given more than once',
  },
  country_updated: { tr: 'Ülke ayarları güncellendi', en: 'Country settings updated' },
  country_covered_needs_price: {
    tr: 'Kapsama alanındaki bir ülkenin günlük fiyatı olmalı',
    en: 'A covered country needs a daily price',
  },

  // Field-level texts of the catalog's request schemas
  invalid_slug: { tr: 'Geçersiz ülke adresi', en: 'Invalid country slug' },
  invalid_country_code: {
    tr: 'Ülke kodu iki harfli ISO kodu olmalı',
    en: 'The country code must be a two-letter ISO code',
  },
  invalid_package_code: {
    tr: 'Paket kodu büyük harf, rakam ve tire içerebilir (2-40 karakter)',
    en: 'The package code may contain capital letters, digits and dashes (2-40 characters)',
  },
  invalid_package_sort: {
    tr: 'Sıralama duration, data veya price olmalı',
    en: 'Sort must be duration, data or price',
  },
  percentage_two_decimals: {
    tr: 'Yüzde en fazla iki ondalık basamak içerebilir',
    en: 'The percentage may have at most two decimals',
  },
  percentage_out_of_range: {
    tr: 'Yüzde -100 ile 1000 arasında olmalı',
    en: 'The percentage must be between -100 and 1000',
  },

  // Suppliers per package: the offers synced in, packages made from them, the margin rule, paused packages
  package_paused: { tr: 'Bu paket şu an satışta değil', en: 'This package is not on sale at the moment' },
  supplier_offers_synced: { tr: 'Tedarikçi paketleri güncellendi', en: 'Supplier packages updated' },
  supplier_synced_at_invalid: {
    tr: 'synced_at saat dilimli ISO 8601 tarih ve saat olmalı',
    en: 'synced_at must be an ISO 8601 date and time with its offset',
  },
  supplier_offer_duplicate: {
    tr: 'Bu tedarikçi paket kimliği listede birden fazla kez geçiyor',
    en: 'This supplier package id appears more than once in the list',
  },
  supplier_sync_stale: {
    tr: 'Bu liste kayıtlı listeden ({{synced_at}}) eski; hiçbir şey değişmedi',
    en: 'This list is older than the one stored ({{synced_at}}); nothing was changed',
  },
  supplier_offer_not_found: { tr: 'Tedarikçi paketi bulunamadı', en: 'Supplier package not found' },
  supplier_offer_gone: {
    tr: 'Tedarikçi bu paketi artık satmıyor',
    en: 'The supplier no longer sells this package',
  },
  supplier_offer_mapped: {
    tr: 'Bu tedarikçi paketi zaten {{code}} paketine bağlı',
    en: 'This supplier package is already mapped to {{code}}',
  },
  supplier_offer_package_kind: {
    tr: 'Tedarikçi paketleri yalnızca eSIM paketlerine bağlanabilir',
    en: 'Supplier packages can only be mapped to eSIM packages',
  },
  supplier_offer_top_up_package_kind: {
    tr: 'Tedarikçinin ek paketleri yalnızca "Yalnızca yükleme" paketlerine bağlanabilir',
    en: 'A supplier’s top-ups can only be mapped to top-up-only packages',
  },
  package_top_up_only: {
    tr: 'Bu paket yalnızca satın alınmış bir eSIM’e yükleme olarak satılır',
    en: 'This package is sold only as a top-up of an eSIM you already have',
  },
  supplier_offer_mismatch: {
    tr: 'Tedarikçi paketi bu paketle aynı değil: {{fields}}',
    en: 'The supplier package differs from this package: {{fields}}',
  },
  supplier_offer_differs_countries: {
    tr: 'Ülkeler farklı: paket {{package}}, tedarikçi paketi {{offer}}',
    en: 'The countries differ: the package {{package}}, the supplier package {{offer}}',
  },
  supplier_offer_differs_data: {
    tr: 'Veri farklı: paket {{package}}, tedarikçi paketi {{offer}}',
    en: 'The data differs: the package {{package}}, the supplier package {{offer}}',
  },
  supplier_offer_differs_validity: {
    tr: 'Geçerlilik farklı: paket {{package}} gün, tedarikçi paketi {{offer}} gün',
    en: 'The validity differs: the package {{package}} days, the supplier package {{offer}} days',
  },
  supplier_field_countries: { tr: 'ülkeler', en: 'countries' },
  supplier_field_data: { tr: 'veri', en: 'data' },
  supplier_field_validity: { tr: 'geçerlilik', en: 'validity' },
  supplier_offer_mapped_to_package: {
    tr: 'Tedarikçi paketi pakete bağlandı',
    en: 'The supplier package is mapped to the package',
  },
  supplier_offer_cost_above_price: {
    tr: 'Tedarikçi maliyeti ({{cost}}) fiyatın ({{price}}) üstünde: daha yüksek bir fiyat girin',
    en: 'The supplier’s cost ({{cost}}) is above the price ({{price}}): give a higher price',
  },
  package_not_paused: { tr: 'Bu paket durdurulmuş değil', en: 'This package is not paused' },
  package_paused_offer_gone: {
    tr: 'Tedarikçi bu paketi artık satmıyor: tedarikçi yeniden listelediğinde ya da paketi başka bir tedarikçi paketine bağladığınızda satış sürer',
    en: 'The supplier no longer sells this package: it sells again once the supplier lists it or you map it to another supplier package',
  },
  package_resume_below_cost: {
    tr: 'Fiyat maliyetin ({{cost}}) altında; zararına satmak için bunu onaylayın',
    en: 'The price is below the cost ({{cost}}); confirm that to sell at a loss',
  },
  package_resumed: { tr: 'Paket yeniden satışta', en: 'The package is on sale again' },
  margin_rule_updated: { tr: 'Kâr kuralı kaydedildi', en: 'Margin rule saved' },
  margin_value_negative: { tr: 'Kâr negatif olamaz', en: 'The margin must not be negative' },
  margin_value_two_decimals: {
    tr: 'Kâr en fazla iki ondalık basamak içerebilir',
    en: 'The margin may have at most two decimals',
  },
  margin_percent_too_large: { tr: 'Yüzde en fazla 1000 olabilir', en: 'The percentage may be at most 1000' },
  margin_fixed_too_large: {
    tr: 'Sabit kâr en fazla 1.000 € olabilir',
    en: 'The fixed margin may be at most 1,000 €',
  },
  packages_repriced: {
    tr: 'Fiyatlar maliyetten yeniden hesaplandı',
    en: 'Prices recalculated from cost',
  },
  packages_reprice_preview: {
    tr: 'Önizleme: henüz hiçbir fiyat değişmedi',
    en: 'Preview: no price has changed yet',
  },
  reprice_unknown_packages: { tr: 'Bilinmeyen paket: {{packages}}', en: 'Unknown package: {{packages}}' },
} satisfies MessageCatalog;
