import type { MessageCatalog } from './types';

/** Messages of top-ups of an installed eSIM (esim service, top-ups/). */
export const topUpMessages = {
  esim_top_up_completed: { tr: 'Paket eSIM’inize yüklendi', en: 'The package was added to your eSIM' },
  esim_top_up_processing: { tr: 'Yüklemeniz işleniyor', en: 'Your top-up is being processed' },
  esim_top_up_offers: { tr: 'Yüklenebilecek paketler', en: 'Packages you can add' },
  esim_top_up_expired: {
    tr: 'Süresi dolmuş bir eSIM’e paket yüklenemez; yeni bir eSIM satın alın',
    en: 'An expired eSIM cannot be topped up; buy a new eSIM instead',
  },
  esim_top_up_not_installed: {
    tr: 'Bu eSIM henüz kullanılmadı: ilk paketiniz kullanılmaya başlayınca paket yükleyebilirsiniz',
    en: 'This eSIM has not been used yet: you can top it up once its first package is in use',
  },
  esim_top_up_suspended: {
    tr: 'Askıya alınmış bir eSIM’e paket yüklenemez; önce eSIM’i yeniden etkinleştirin',
    en: 'A suspended eSIM cannot be topped up; resume it first',
  },
  esim_top_up_none_on_sale: {
    tr: 'eSIM’inizin kapsadığı ülkeler için şu an satışta yükleme paketi yok',
    en: 'No top-up for the countries your eSIM covers is on sale right now',
  },
  esim_top_up_not_allowed: {
    tr: 'Bu eSIM’e paket yüklenemez: yükleme, kullanımdaki veya verisi bitmiş bir eSIM’e yapılır',
    en: 'This eSIM cannot be topped up: top-ups are for an eSIM in use or whose data has run out',
  },
  esim_top_up_package_not_covering: {
    tr: 'Bu paket eSIM’inizin kapsadığı ülkeleri kapsamıyor',
    en: 'This package does not cover the countries your eSIM covers',
  },
  // A supplier's eSIM takes only the top-ups its supplier lists for it.
  esim_top_up_supplier_none: {
    tr: 'Bu eSIM için tedarikçisi yükleme sunmuyor',
    en: 'Its supplier offers no top-up for this eSIM',
  },
  esim_top_up_supplier_none_on_sale: {
    tr: 'Tedarikçisinin bu eSIM için sunduğu yüklemelerin hiçbiri şu an satışta değil',
    en: 'None of the top-ups its supplier offers for this eSIM is on sale right now',
  },
  esim_top_up_supplier_unreachable: {
    tr: 'Bu eSIM’in yükleme seçenekleri şu an alınamıyor; lütfen biraz sonra tekrar deneyin',
    en: 'This eSIM’s top-ups cannot be listed right now; please try again a little later',
  },
  esim_top_up_package_not_offered: {
    tr: 'Bu paket bu eSIM’e yüklenemez',
    en: 'This package cannot be added to this eSIM',
  },
} satisfies MessageCatalog;
