/** Legal pages and the terms shown in the register modal (10 sections). */
export const legal = {
  tr: {
    lastUpdated: 'Son güncelleme: {{date}}',
    termsSections: [
      {
        title: '1. eSIM Hizmeti',
        text: '{{brand}}, seyahat amaçlı mobil veri paketleri sunar. Paketler yalnızca veri içerir; sesli arama ve SMS içermez.',
      },
      {
        title: '2. Hesap',
        text: 'Hesabınızın güvenliğinden siz sorumlusunuz. Hizmeti kullanmak için {{minAge}} yaşından büyük olmalısınız.',
      },
      { title: '3. Ödeme', text: 'Fiyatlar Euro cinsindendir ve satın alma anında hesap bakiyenizden tahsil edilir.' },
      {
        title: '4. Aktivasyon',
        text: 'eSIM, QR kod okutularak kurulur; paket süresi hedef ülkedeki ilk bağlantıyla başlar.',
      },
      {
        title: '5. İptal ve İade',
        text: 'Aktive edilmemiş paketler {{refundDays}} gün içinde iade edilebilir; cayma hakkı süresi {{withdrawalDays}} gündür. İadeler {{refundMin}}-{{refundMax}} iş günü içinde yapılır.',
      },
      {
        title: '6. Kısıtlamalar',
        text: 'Hizmet yasa dışı amaçlarla, ağlara zarar verecek şekilde veya yeniden satış için (bayi sözleşmesi olmadan) kullanılamaz.',
      },
      { title: '7. Gizlilik', text: 'Kişisel verileriniz Gizlilik Politikamıza uygun olarak işlenir.' },
      {
        title: '8. Sorumluluk',
        text: 'Yerel operatör ağlarındaki kesintilerden doğan dolaylı zararlardan sorumlu değiliz.',
      },
      { title: '9. Değişiklikler', text: 'Bu koşullar güncellenebilir; önemli değişiklikler e-posta ile bildirilir.' },
      { title: '10. İletişim', text: 'Sorularınız için {{email}} adresine yazabilirsiniz.' },
    ],
    privacy: {
      title: 'Gizlilik Politikası',
      sections: [
        {
          title: 'Topladığımız veriler',
          text: 'Ad soyad, e-posta adresi, sipariş ve bakiye hareketleri ile hizmetin çalışması için gereken teknik kayıtlar.',
        },
        {
          title: 'Kullanım amaçları',
          text: 'Siparişlerinizi teslim etmek, hesabınızı yönetmek, yasal yükümlülükleri yerine getirmek ve destek sağlamak.',
        },
        {
          title: 'Paylaşım',
          text: 'Verileriniz yalnızca eSIM profillerini sağlayan operatörlerle ve yasal zorunluluk halinde yetkili kurumlarla paylaşılır.',
        },
        {
          title: 'Haklarınız',
          text: 'KVKK kapsamında verilerinize erişme, düzeltme ve silinmesini isteme hakkına sahipsiniz.',
        },
      ],
      seo: {
        title: 'Gizlilik Politikası — {{brand}}',
        description: '{{brand}} kişisel verilerinizi nasıl toplar, kullanır ve korur.',
      },
    },
    terms: {
      title: 'Kullanım Koşulları',
      contactPage: 'İletişim sayfamızdaki e-posta',
      seo: {
        title: 'Kullanım Koşulları — {{brand}}',
        description: '{{brand}} hizmetinin kullanım koşulları: hesap, ödeme, aktivasyon, iptal ve iade.',
      },
    },
    cookies: {
      title: 'Çerez Politikası',
      sections: [
        {
          title: 'Zorunlu çerezler',
          text: 'Oturumunuzu güvenle açık tutan çerez (yenileme anahtarı), giriş bilgileriniz, çerez tercihiniz ve bu ziyaret boyunca seçtiğiniz dil ve tema. Site bunlar olmadan çalışmaz; kapatılamaz.',
        },
        {
          title: 'Tercih çerezleri',
          text: 'İzin verirseniz dil ve tema seçiminizi sonraki ziyaretlerinizde de hatırlarız (dil çerezi bir yıl saklanır). İzin vermezseniz bu seçimler tarayıcınızı kapattığınızda silinir.',
        },
        {
          title: 'Analitik ve reklam çerezleri',
          text: 'Kullanmıyoruz: sitede ziyaretinizi ölçen ya da size reklam gösteren bir araç yoktur.',
        },
        {
          title: 'Kapsama haritası',
          text: 'Haritanın zemin görüntüleri OpenStreetMap sunucularından yüklenir. Bu sunucular çerez bırakmaz, ancak görüntüleri gönderebilmek için IP adresinizi görür.',
        },
      ],
      settings: 'Çerez Ayarları',
      dialogTitle: 'Çerez Tercihleri',
      necessary: 'Zorunlu çerezler (her zaman açık)',
      preferences: 'Tercih çerezleri (dil ve tema hatırlanır)',
      noAnalytics: 'Analitik ve reklam çerezi kullanmıyoruz.',
      save: 'Tercihleri Kaydet',
      saved: 'Çerez tercihleriniz kaydedildi',
      banner: {
        title: 'Çerez tercihleriniz',
        text: 'Sitenin çalışması için gereken zorunlu çerezleri kullanıyoruz. İzin verirseniz dil ve tema seçiminizi sonraki ziyaretlerinizde de hatırlarız. Analitik ya da reklam çerezi kullanmıyoruz.',
        policy: 'Çerez Politikası',
        accept: 'Kabul et',
        reject: 'Yalnızca zorunlu',
        settings: 'Ayarlar',
      },
      seo: {
        title: 'Çerez Politikası — {{brand}}',
        description: '{{brand}} sitesinde kullanılan çerezler ve çerez tercihlerinizi nasıl yöneteceğiniz.',
      },
    },
    refund: {
      title: 'İade Politikası',
      date: '1 Mart 2024',
      sections: [
        {
          title: 'İade koşulları',
          text: 'Aktive edilmemiş bir eSIM paketi satın alma tarihinden itibaren {{refundDays}} gün içinde iade edilebilir. Kullanım başladıktan sonra ve kullanılmayan veri için iade yapılmaz; veri başka bir hatta aktarılamaz.',
        },
        {
          title: 'Cayma hakkı',
          text: 'Mesafeli satışlarda cayma hakkı süresi {{withdrawalDays}} gündür; aktive edilmiş dijital ürünlerde cayma hakkı kullanılamaz.',
        },
        {
          title: 'İade süresi',
          text: 'Onaylanan iadeler {{refundMin}}-{{refundMax}} iş günü içinde hesabınıza yansır.',
        },
        {
          title: 'eUICC kartlar',
          text: 'Fiziksel eUICC kartlar {{cardReturnDays}} gün içinde koşulsuz iade edilebilir.',
        },
        { title: 'Yaş sınırı', text: 'İade talebinde bulunmak için {{minAge}} yaşından büyük olmalısınız.' },
      ],
      emailButton: 'E-posta ile Başvur',
      supportButton: 'Destek Merkezi',
      seo: {
        title: 'İade Politikası — {{brand}}',
        description: 'eSIM ve eUICC kart iade koşulları, cayma hakkı ve iade süreleri.',
      },
    },
  },
  en: {
    lastUpdated: 'Last updated: {{date}}',
    termsSections: [
      {
        title: '1. eSIM Service',
        text: '{{brand}} provides mobile data packages for travel. Packages contain data only; no voice calls or SMS.',
      },
      {
        title: '2. Account',
        text: 'You are responsible for the security of your account. You must be over {{minAge}} to use the service.',
      },
      {
        title: '3. Payment',
        text: 'Prices are in euros and are charged to your account balance at the time of purchase.',
      },
      {
        title: '4. Activation',
        text: 'The eSIM is installed by scanning a QR code; the package period starts with the first connection in the destination.',
      },
      {
        title: '5. Cancellation and Refund',
        text: 'Packages that have not been activated can be refunded within {{refundDays}} days; the right of withdrawal is {{withdrawalDays}} days. Refunds are made within {{refundMin}}-{{refundMax}} business days.',
      },
      {
        title: '6. Restrictions',
        text: 'The service may not be used for illegal purposes, in ways that harm networks, or for resale (without a dealer agreement).',
      },
      { title: '7. Privacy', text: 'Your personal data is processed in line with our Privacy Policy.' },
      {
        title: '8. Liability',
        text: 'We are not liable for indirect damages caused by outages of local operator networks.',
      },
      { title: '9. Changes', text: 'These terms may be updated; material changes are announced by email.' },
      { title: '10. Contact', text: 'For questions write to {{email}}.' },
    ],
    privacy: {
      title: 'Privacy Policy',
      sections: [
        {
          title: 'Data we collect',
          text: 'Full name, email address, order and balance movements, and the technical records the service needs to run.',
        },
        {
          title: 'Purposes',
          text: 'To deliver your orders, manage your account, meet legal obligations and provide support.',
        },
        {
          title: 'Sharing',
          text: 'Your data is shared only with the operators that provide eSIM profiles and, where the law requires, with the authorities.',
        },
        {
          title: 'Your rights',
          text: 'Under data protection law you may access, correct and ask for the deletion of your data.',
        },
      ],
      seo: {
        title: 'Privacy Policy — {{brand}}',
        description: 'How {{brand}} collects, uses and protects your personal data.',
      },
    },
    terms: {
      title: 'Terms of Use',
      contactPage: 'the e-mail address on our contact page',
      seo: {
        title: 'Terms of Use — {{brand}}',
        description: 'Terms of use of the {{brand}} service: account, payment, activation, cancellation and refund.',
      },
    },
    cookies: {
      title: 'Cookie Policy',
      sections: [
        {
          title: 'Necessary cookies',
          text: 'The cookie that keeps your session safely signed in (refresh key), your sign-in details, your cookie choice, and the language and theme you choose during this visit. The site does not work without them; they cannot be turned off.',
        },
        {
          title: 'Preference cookies',
          text: 'With your permission we remember your language and theme for your next visits (the language cookie is kept for a year). Without it these choices are deleted when you close your browser.',
        },
        {
          title: 'Analytics and advertising cookies',
          text: 'We use none: nothing on the site measures your visit or shows you advertising.',
        },
        {
          title: 'Coverage map',
          text: 'The map’s background images are loaded from OpenStreetMap’s servers. They set no cookies, but they see your IP address in order to send the images.',
        },
      ],
      settings: 'Cookie Settings',
      dialogTitle: 'Cookie Preferences',
      necessary: 'Necessary cookies (always on)',
      preferences: 'Preference cookies (language and theme remembered)',
      noAnalytics: 'We use no analytics or advertising cookies.',
      save: 'Save Preferences',
      saved: 'Your cookie preferences were saved',
      banner: {
        title: 'Your cookie choices',
        text: 'We use the necessary cookies the site needs to work. With your permission we also remember your language and theme for your next visits. We use no analytics or advertising cookies.',
        policy: 'Cookie Policy',
        accept: 'Accept',
        reject: 'Necessary only',
        settings: 'Settings',
      },
      seo: {
        title: 'Cookie Policy — {{brand}}',
        description: 'The cookies used on the {{brand}} site and how to manage your cookie preferences.',
      },
    },
    refund: {
      title: 'Refund Policy',
      date: '1 March 2024',
      sections: [
        {
          title: 'Refund conditions',
          text: 'An eSIM package that has not been activated can be refunded within {{refundDays}} days of purchase. There is no refund once use has begun, nor for unused data; data cannot be transferred to another line.',
        },
        {
          title: 'Right of withdrawal',
          text: 'For distance sales the right of withdrawal is {{withdrawalDays}} days; it does not apply to activated digital products.',
        },
        {
          title: 'Refund time',
          text: 'Approved refunds reach your account within {{refundMin}}-{{refundMax}} business days.',
        },
        {
          title: 'eUICC cards',
          text: 'Physical eUICC cards can be returned unconditionally within {{cardReturnDays}} days.',
        },
        { title: 'Age limit', text: 'You must be over {{minAge}} to request a refund.' },
      ],
      emailButton: 'Apply by Email',
      supportButton: 'Support Center',
      seo: {
        title: 'Refund Policy — {{brand}}',
        description: 'Refund conditions for eSIMs and eUICC cards, right of withdrawal and refund times.',
      },
    },
  },
};
