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
} satisfies MessageCatalog;
