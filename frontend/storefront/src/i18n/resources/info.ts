/**
 * Information pages. Refund windows come from the one policy in contracts ({{refundDays}} ...),
 * interpolated at render time, so the FAQ and the policy pages cannot disagree.
 */
export const info = {
  tr: {
    quickGuide: {
      title: 'Hızlı Rehber',
      subtitle: 'Üç adımda eSIM ile bağlanın.',
      steps: [
        {
          title: 'eSIM uyumluluğunu kontrol edin',
          details: [
            'Telefonunuzun eSIM desteklediğinden emin olun.',
            'Cihazınızın operatör kilidi olmamalı.',
            '*#06# tuşlayın: EID görünüyorsa cihazınız eSIM destekler.',
          ],
        },
        {
          title: 'Hesap oluşturun',
          details: ['Ücretsiz kayıt olun.', 'Gideceğiniz ülke için paketinizi seçin.', 'Bakiyenizden güvenle ödeyin.'],
        },
        {
          title: 'QR kodu okutarak aktive edin',
          details: [
            'Siparişinizdeki QR kodu okutun.',
            'Hücresel ayarlardan eSIM hattını açın.',
            'Veri dolaşımını açın ve bağlanın.',
          ],
        },
      ],
      devices: 'Uyumlu cihazlar',
      deviceList: [
        'iPhone XS, XR ve sonrası',
        'Samsung Galaxy S20 ve sonrası, Z Fold/Flip serisi',
        'Google Pixel 3 ve sonrası',
        'iPad Pro, iPad Air (3. nesil+) ve iPad mini (5. nesil+)',
        'Huawei P40 / Mate 40 serisi',
        'Xiaomi 12T Pro ve sonrası',
      ],
      seo: {
        title: 'Hızlı Rehber — 3 Adımda eSIM Kurulumu | {{brand}}',
        description:
          'eSIM uyumluluğunu kontrol edin, hesap oluşturun, QR kodu okutarak aktive edin: uyumlu cihaz listesiyle birlikte.',
      },
    },
    faq: {
      title: 'Sıkça Sorulan Sorular',
      search: 'Sorularda ara',
      noResults: 'Aramanızla eşleşen soru bulunamadı.',
      categories: [
        {
          title: 'Genel',
          items: [
            {
              q: 'eSIM nedir?',
              a: 'eSIM, telefonunuza gömülü dijital bir SIM kartıdır. Fiziksel kart takmadan QR kod ile operatör profili yüklersiniz.',
            },
            {
              q: 'Hangi ülkelerde kullanabilirim?',
              a: '130+ ülkede hizmet veriyoruz. Güncel liste için kapsama haritasına bakın.',
            },
            {
              q: 'Telefon numaram değişir mi?',
              a: 'Hayır. eSIM yalnızca veri içindir; ana hattınız telefonunuzda açık kalabilir.',
            },
          ],
        },
        {
          title: 'Teknik',
          items: [
            {
              q: 'Cihazım eSIM destekliyor mu?',
              a: 'Hızlı rehberdeki uyumlu cihaz listesine bakın veya *#06# tuşlayarak EID numarası olup olmadığını kontrol edin.',
            },
            {
              q: 'eSIM’i ne zaman kurmalıyım?',
              a: 'Yola çıkmadan önce Wi-Fi bağlantısıyla kurun; paket süresi varış ülkesinde ilk bağlantıyla başlar.',
            },
            { q: 'Kullanılmayan verim ne olur?', a: 'Kullanılmayan veri iade edilmez ve başka bir hatta aktarılamaz.' },
          ],
        },
        {
          title: 'Faturalama ve Paketler',
          items: [
            {
              q: 'eSIM’imi iade edebilir miyim?',
              a: 'Aktive edilmemiş bir eSIM paketi, satın alma tarihinden itibaren {{refundDays}} gün içinde iade edilebilir; kullanım başladıktan sonra iade yapılmaz. İadeler {{refundMin}}-{{refundMax}} iş günü içinde hesabınıza yansır.',
            },
            {
              q: 'Nasıl ödeme yaparım?',
              a: 'Satın almalar hesap bakiyenizden yapılır. Bakiyenizi banka havalesiyle yükleyebilirsiniz.',
            },
            { q: 'Paketler kaç gün geçerli?', a: 'Paketler genellikle 7, 15 veya 30 gün geçerlidir.' },
          ],
        },
      ],
      seo: {
        title: 'Sıkça Sorulan Sorular — eSIM, Kurulum ve İade | {{brand}}',
        description: 'eSIM nedir, cihazım uyumlu mu, iade koşulları nelerdir? En çok sorulan soruların yanıtları.',
      },
    },
    why: {
      title: 'Neden {{brand}}?',
      subtitle: 'Seyahat eden 50 binden fazla müşterinin tercihi.',
      stats: [
        { value: '130+', label: 'Ülke' },
        { value: '50K+', label: 'Müşteri' },
        { value: '%99', label: 'Memnuniyet' },
        { value: '7/24', label: 'Destek' },
      ],
      benefits: [
        { title: '%85’e varan tasarruf', text: 'Roaming ücretleri yerine yerel fiyatlarla veri kullanın.' },
        { title: 'Anında aktivasyon', text: 'Satın alır almaz QR kodunuz hazır.' },
        { title: 'Fiziksel SIM yok', text: 'Kart değiştirmek, kaybetmek yok.' },
        { title: 'Türkçe destek', text: 'Yolculuğunuzun her anında 7/24 yanınızdayız.' },
      ],
      seo: {
        title: 'Neden {{brand}}? — %85’e Varan Roaming Tasarrufu',
        description: '130+ ülke, anında aktivasyon, 7/24 Türkçe destek ve %85’e varan roaming tasarrufu.',
      },
    },
    about: {
      title: 'Hakkımızda',
      subtitle: 'Türkiye odaklı global seyahat eSIM sağlayıcısı.',
      story:
        '{{brand}}, seyahat edenlerin yurt dışında pahalı roaming ücretleri ödemeden internete bağlanması için kuruldu. Bugün 130+ ülkede yerel operatörlerle çalışıyor, bireysel ve kurumsal müşterilere ve bayilerimize hizmet veriyoruz.',
      features: 'Neler sunuyoruz',
      featureList: [
        'Ülke, bölge ve global eSIM paketleri',
        'eUICC fiziksel eSIM kartları',
        'Bayi ve kurumsal müşteri paneli',
      ],
      benefitsTitle: 'Avantajlar',
      benefits: [
        { title: 'Şeffaf fiyat', text: 'Gizli ücret yok; gördüğünüz fiyatı ödersiniz.' },
        { title: 'Güvenilir ağlar', text: 'Her ülkede önde gelen operatörlerle çalışırız.' },
        { title: 'Hızlı teslimat', text: 'QR kodunuz saniyeler içinde hazır.' },
        { title: 'Yerel destek', text: 'İstanbul’daki ekibimiz 7/24 yanınızda.' },
      ],
      seo: {
        title: 'Hakkımızda — {{brand}}',
        description: 'Türkiye odaklı global seyahat eSIM sağlayıcısı: 130+ ülke, 50K+ müşteri, %99 memnuniyet.',
      },
    },
    howItWorks: {
      title: 'Nasıl Çalışır?',
      subtitle: 'Paket seçiminden bağlantıya kadar dört adım.',
      steps: [
        { title: 'Ülkenizi seçin', text: 'Gideceğiniz ülkeyi arayın ve paketleri karşılaştırın.' },
        { title: 'Satın alın', text: 'Hesabınıza giriş yapın ve bakiyenizden ödeyin.' },
        { title: 'QR kodu okutun', text: 'Sipariş sayfanızdaki QR kodu okutun veya iPhone’da tek dokunuşla kurun.' },
        { title: 'Bağlanın', text: 'Varışta eSIM hattını ve veri dolaşımını açın.' },
      ],
      seo: {
        title: 'Nasıl Çalışır? — eSIM Satın Alma ve Kurulum | {{brand}}',
        description: 'Ülkenizi seçin, satın alın, QR kodu okutun ve bağlanın: eSIM dört adımda hazır.',
      },
    },
    euicc: {
      title: 'eUICC Fiziksel eSIM Kartı',
      subtitle: 'eSIM desteklemeyen cihazlar için fiziksel kart.',
      intro:
        'eUICC kart, eSIM desteklemeyen telefon ve modemlere takılan, içine birden fazla operatör profili yüklenebilen fiziksel bir SIM karttır.',
      points: [
        'Türkiye resmi distribütörüyüz.',
        'Faturalı satış, dilediğiniz adette.',
        'Tek kartta 48’e kadar operatör profili.',
        '{{cardReturnDays}} gün koşulsuz iade.',
      ],
      cta: 'Bayi başvurusu yapın',
      seo: {
        title: 'eUICC Fiziksel eSIM Kartı — 48 Profil | {{brand}}',
        description:
          'eSIM desteklemeyen cihazlar için eUICC kart: 48’e kadar operatör profili, faturalı satış, koşulsuz iade.',
      },
    },
    forms: {
      company: 'Şirket adı',
      name: 'Ad Soyad',
      email: 'E-posta',
      phone: 'Telefon (isteğe bağlı)',
      subject: 'Konu',
      message: 'Mesajınız',
      send: 'Gönder',
      sending: 'Gönderiliyor...',
      thanksTitle: 'Teşekkürler!',
      thanksText: 'Mesajınızı aldık; ekibimiz en kısa sürede sizinle iletişime geçecek.',
      another: 'Yeni mesaj gönder',
      required: 'Bu alan zorunludur',
      emailInvalid: 'Geçerli bir email adresi girin',
      messageShort: 'Mesaj en az 10 karakter olmalı',
      failed: 'Mesajınız gönderilemedi',
    },
    partnership: {
      title: 'İş Ortaklığı',
      subtitle: 'Bayimiz olun; müşterilerinize eSIM ve eUICC kart satın.',
      points: ['Bayiye özel fiyatlar', 'Bakiye ile kolay ödeme', 'Fiziksel SIM stok yönetimi'],
      seo: {
        title: 'İş Ortaklığı — eSIM Bayisi Olun | {{brand}}',
        description: '{{brand}} bayisi olun: bayiye özel fiyatlar, bakiye ile ödeme, eUICC kart satışı.',
      },
    },
    contact: {
      title: 'İletişim',
      subtitle: 'Sorularınız için bize yazın; 7/24 buradayız.',
      seo: {
        title: 'İletişim — {{brand}}',
        description: '{{brand}} müşteri hizmetlerine ulaşın: e-posta, telefon ve iletişim formu.',
      },
    },
    helpCenter: {
      title: 'Yardım Merkezi',
      subtitle: 'Aradığınız yanıtı bulamadınız mı? Size yardımcı olalım.',
      links: [
        { title: 'Hızlı Rehber', text: 'eSIM kurulumu adım adım.', to: '/quick-guide' },
        { title: 'Sıkça Sorulan Sorular', text: 'En çok sorulan soruların yanıtları.', to: '/faq' },
        { title: 'Bakiye Sorgula', text: 'Kalan verinizi görün.', to: '/balance' },
        { title: 'İletişim', text: 'Destek ekibimize yazın.', to: '/contact' },
      ],
      seo: {
        title: 'Yardım Merkezi — {{brand}}',
        description: 'eSIM kurulumu, sık sorulan sorular, bakiye sorgulama ve destek.',
      },
    },
    demo: {
      title: 'Demo Hesabı',
      subtitle: 'Mağazayı gerçek bir hesapla, gerçek para harcamadan deneyin.',
      text: 'Demo müşteri hesabı bakiyesi yüklü olarak gelir. Giriş yapın, bir paket satın alın ve QR kodunuzu görün.',
      email: 'E-posta',
      password: 'Şifre',
      login: 'Demo hesabıyla giriş yap',
      seo: {
        title: 'Demo Hesabı — {{brand}}’yu Deneyin',
        description: 'Demo müşteri hesabıyla eSIM satın almayı gerçek para harcamadan deneyin.',
      },
    },
  },
  en: {
    quickGuide: {
      title: 'Quick Guide',
      subtitle: 'Get connected with eSIM in three steps.',
      steps: [
        {
          title: 'Check eSIM compatibility',
          details: [
            'Make sure your phone supports eSIM.',
            'Your device must not be carrier-locked.',
            'Dial *#06#: if an EID appears, your device supports eSIM.',
          ],
        },
        {
          title: 'Create an account',
          details: ['Sign up for free.', 'Choose your package for your destination.', 'Pay safely from your balance.'],
        },
        {
          title: 'Activate by scanning the QR code',
          details: [
            'Scan the QR code in your order.',
            'Turn on the eSIM line in cellular settings.',
            'Turn on data roaming and connect.',
          ],
        },
      ],
      devices: 'Compatible devices',
      deviceList: [
        'iPhone XS, XR and later',
        'Samsung Galaxy S20 and later, Z Fold/Flip series',
        'Google Pixel 3 and later',
        'iPad Pro, iPad Air (3rd gen+) and iPad mini (5th gen+)',
        'Huawei P40 / Mate 40 series',
        'Xiaomi 12T Pro and later',
      ],
      seo: {
        title: 'Quick Guide — eSIM Setup in 3 Steps | {{brand}}',
        description:
          'Check eSIM compatibility, create an account, activate by scanning the QR code: with the compatible device list.',
      },
    },
    faq: {
      title: 'Frequently Asked Questions',
      search: 'Search the questions',
      noResults: 'No question matches your search.',
      categories: [
        {
          title: 'General',
          items: [
            {
              q: 'What is an eSIM?',
              a: 'An eSIM is a digital SIM built into your phone. Instead of inserting a card you install an operator profile with a QR code.',
            },
            { q: 'Where can I use it?', a: 'We serve 130+ countries. See the coverage map for the current list.' },
            {
              q: 'Does my phone number change?',
              a: 'No. The eSIM is for data only; your main line can stay on in your phone.',
            },
          ],
        },
        {
          title: 'Technical',
          items: [
            {
              q: 'Does my device support eSIM?',
              a: 'See the compatible device list in the quick guide, or dial *#06# to check for an EID number.',
            },
            {
              q: 'When should I install the eSIM?',
              a: 'Install it on Wi-Fi before you travel; the package period starts with the first connection in the destination.',
            },
            {
              q: 'What happens to unused data?',
              a: 'Unused data is neither refundable nor transferable to another line.',
            },
          ],
        },
        {
          title: 'Billing and Packages',
          items: [
            {
              q: 'Can I get a refund for my eSIM?',
              a: 'An eSIM package that has not been activated can be refunded within {{refundDays}} days of purchase; once use has begun there is no refund. Refunds reach your account within {{refundMin}}-{{refundMax}} business days.',
            },
            {
              q: 'How do I pay?',
              a: 'Purchases are paid from your account balance. You can add funds to your balance by bank transfer.',
            },
            { q: 'How long are packages valid?', a: 'Packages are generally valid for 7, 15 or 30 days.' },
          ],
        },
      ],
      seo: {
        title: 'Frequently Asked Questions — eSIM, Setup and Refunds | {{brand}}',
        description:
          'What is an eSIM, is my device compatible, what are the refund terms? Answers to the most asked questions.',
      },
    },
    why: {
      title: 'Why {{brand}}?',
      subtitle: 'The choice of more than 50 thousand travellers.',
      stats: [
        { value: '130+', label: 'Countries' },
        { value: '50K+', label: 'Customers' },
        { value: '99%', label: 'Satisfaction' },
        { value: '24/7', label: 'Support' },
      ],
      benefits: [
        { title: 'Save up to 85%', text: 'Use data at local prices instead of roaming fees.' },
        { title: 'Instant activation', text: 'Your QR code is ready the moment you buy.' },
        { title: 'No physical SIM', text: 'No swapping or losing cards.' },
        { title: 'Support in your language', text: 'We are with you 24/7 throughout your trip.' },
      ],
      seo: {
        title: 'Why {{brand}}? — Save up to 85% on Roaming',
        description: '130+ countries, instant activation, 24/7 support and up to 85% savings on roaming.',
      },
    },
    about: {
      title: 'About Us',
      subtitle: 'A global travel eSIM provider with a focus on Turkey.',
      story:
        '{{brand}} was founded so that travellers can get online abroad without paying expensive roaming fees. Today we work with local operators in 130+ countries and serve retail and corporate customers and our dealers.',
      features: 'What we offer',
      featureList: [
        'Country, regional and global eSIM packages',
        'eUICC physical eSIM cards',
        'Dealer and corporate customer dashboard',
      ],
      benefitsTitle: 'Benefits',
      benefits: [
        { title: 'Transparent prices', text: 'No hidden fees; you pay the price you see.' },
        { title: 'Reliable networks', text: 'We work with the leading operators in every country.' },
        { title: 'Fast delivery', text: 'Your QR code is ready in seconds.' },
        { title: 'Local support', text: 'Our team in Istanbul is with you 24/7.' },
      ],
      seo: {
        title: 'About Us — {{brand}}',
        description:
          'A global travel eSIM provider focused on Turkey: 130+ countries, 50K+ customers, 99% satisfaction.',
      },
    },
    howItWorks: {
      title: 'How It Works',
      subtitle: 'Four steps from choosing a package to getting connected.',
      steps: [
        { title: 'Choose your country', text: 'Search for your destination and compare packages.' },
        { title: 'Buy', text: 'Log in to your account and pay from your balance.' },
        { title: 'Scan the QR code', text: 'Scan the QR code on your order page, or install with one tap on iPhone.' },
        { title: 'Connect', text: 'When you arrive, turn on the eSIM line and data roaming.' },
      ],
      seo: {
        title: 'How It Works — Buying and Installing an eSIM | {{brand}}',
        description: 'Choose your country, buy, scan the QR code and connect: your eSIM is ready in four steps.',
      },
    },
    euicc: {
      title: 'eUICC Physical eSIM Card',
      subtitle: 'A physical card for devices without eSIM support.',
      intro:
        'An eUICC card is a physical SIM card for phones and modems without eSIM support, able to hold several operator profiles.',
      points: [
        'We are the official distributor for Turkey.',
        'Purchase by invoice, in any quantity.',
        'Up to 48 operator profiles on one card.',
        '{{cardReturnDays}}-day unconditional return.',
      ],
      cta: 'Apply to become a dealer',
      seo: {
        title: 'eUICC Physical eSIM Card — 48 Profiles | {{brand}}',
        description:
          'eUICC card for devices without eSIM: up to 48 operator profiles, purchase by invoice, unconditional return.',
      },
    },
    forms: {
      company: 'Company name',
      name: 'Full name',
      email: 'Email',
      phone: 'Phone (optional)',
      subject: 'Subject',
      message: 'Your message',
      send: 'Send',
      sending: 'Sending...',
      thanksTitle: 'Thank you!',
      thanksText: 'We have received your message; our team will contact you shortly.',
      another: 'Send another message',
      required: 'This field is required',
      emailInvalid: 'Enter a valid email address',
      messageShort: 'The message must be at least 10 characters',
      failed: 'Your message could not be sent',
    },
    partnership: {
      title: 'Partnership',
      subtitle: 'Become our dealer; sell eSIMs and eUICC cards to your customers.',
      points: ['Dealer-only prices', 'Easy payment from your balance', 'Physical SIM stock management'],
      seo: {
        title: 'Partnership — Become an eSIM Dealer | {{brand}}',
        description: 'Become an {{brand}} dealer: dealer-only prices, payment from balance, eUICC card sales.',
      },
    },
    contact: {
      title: 'Contact',
      subtitle: 'Write to us with your questions; we are here 24/7.',
      seo: {
        title: 'Contact — {{brand}}',
        description: 'Reach {{brand}} customer service: email, phone and contact form.',
      },
    },
    helpCenter: {
      title: 'Help Center',
      subtitle: "Didn't find your answer? Let us help.",
      links: [
        { title: 'Quick Guide', text: 'eSIM setup step by step.', to: '/quick-guide' },
        { title: 'Frequently Asked Questions', text: 'Answers to the most asked questions.', to: '/faq' },
        { title: 'Check Balance', text: 'See your remaining data.', to: '/balance' },
        { title: 'Contact', text: 'Write to our support team.', to: '/contact' },
      ],
      seo: {
        title: 'Help Center — {{brand}}',
        description: 'eSIM setup, frequently asked questions, balance check and support.',
      },
    },
    demo: {
      title: 'Demo Account',
      subtitle: 'Try the shop with a real account, without spending real money.',
      text: 'The demo customer account comes with a loaded balance. Log in, buy a package and see your QR code.',
      email: 'Email',
      password: 'Password',
      login: 'Log in with the demo account',
      seo: {
        title: 'Demo Account — Try {{brand}}',
        description: 'Try buying an eSIM with the demo customer account without spending real money.',
      },
    },
  },
};
