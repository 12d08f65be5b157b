/** Home page. */
export const home = {
  tr: {
    slides: [
      { title: 'Dünyayı Keşfedin, Bağlı Kalın', text: '130+ ülkede anında aktivasyonla seyahat eSIM paketleri' },
      { title: 'Roaming Ücretlerine Son', text: 'Dolaşım ücretlerinde %85’e varan tasarruf edin' },
      { title: 'QR Kod ile Anında Aktivasyon', text: 'Fiziksel SIM gerekmez, dakikalar içinde internete bağlanın' },
    ],
    slideOf: 'Slayt {{n}} / {{total}}',
    goToSlide: '{{n}}. slayta git',
    hero: {
      title: 'Seyahatiniz için eSIM',
      subtitle: 'Gideceğiniz ülkeyi arayın, en uygun veri paketini saniyeler içinde bulun.',
      searchLabel: 'Ülke, bölge veya kod',
      searchPlaceholder: 'Nereye gidiyorsunuz? (ör. Almanya, Avrupa, DE)',
      noMatch: 'Eşleşen ülke veya bölge bulunamadı',
      regionalPlan: 'Bölgesel paket',
      globalPlan: 'Global paket',
      quick: 'Popüler seçimler',
    },
    buttons: {
      packages: 'Paketleri Görüntüle',
      howItWorks: 'Nasıl Çalışır',
      balance: 'Bakiye Sorgula',
      register: 'Hemen Kayıt Ol',
      demo: 'Demo Hesabı Dene',
    },
    features: {
      title: 'Neden {{brand}}?',
      security: { title: 'Güvenli', text: 'Şifreli bağlantı ve güvenilir operatör ağları ile verileriniz güvende.' },
      speed: { title: 'Hızlı', text: '4G/5G hızında internet, iner inmez bağlantı.' },
      ease: { title: 'Kolay', text: 'QR kodu okutun, birkaç dakikada kullanmaya başlayın.' },
    },
    coverage: {
      title: 'Dünya Çapında Kapsama',
      countries: { value: '130+', label: 'Ülke' },
      activation: { value: 'Anında', label: 'Aktivasyon' },
      support: { value: '7/24', label: 'Destek' },
      link: 'Kapsama haritasını gör',
    },
    popular: {
      title: 'Popüler Destinasyonlar',
      from: "{{price}}'dan başlayan fiyatlarla",
      noPrice: 'Paketler yakında',
      empty: 'Bu bölgede öne çıkan destinasyon yok.',
      filter: 'Bölge filtresi',
      note: 'Gösterilen fiyatlar 7 günlük paketler içindir.',
    },
    steps: {
      title: 'Nasıl Çalışır?',
      items: [
        { title: 'Paketinizi Seçin', text: 'Gideceğiniz ülke için uygun veri paketini seçin.' },
        { title: 'QR Kodu Okutun', text: 'Satın aldıktan sonra gelen QR kodu telefonunuzla okutun.' },
        { title: 'Bağlanın', text: 'Varışta hattınızı açın ve internetin tadını çıkarın.' },
      ],
    },
    seo: {
      title: '{{brand}} — Seyahat eSIM Paketleri, 130+ Ülke',
      description:
        '130+ ülkede anında aktivasyonlu seyahat eSIM paketleri. Fiziksel SIM yok, roaming ücreti yok: QR kodu okutun ve bağlanın.',
    },
  },
  en: {
    slides: [
      {
        title: 'Explore the World, Stay Connected',
        text: 'Travel eSIM packages with instant activation in 130+ countries',
      },
      { title: 'No More Roaming Fees', text: 'Save up to 85% on roaming charges' },
      { title: 'Instant Activation by QR Code', text: 'No physical SIM needed, get online within minutes' },
    ],
    slideOf: 'Slide {{n}} of {{total}}',
    goToSlide: 'Go to slide {{n}}',
    hero: {
      title: 'eSIM for Your Trip',
      subtitle: 'Search for your destination and find the best data package in seconds.',
      searchLabel: 'Country, region or code',
      searchPlaceholder: 'Where are you going? (e.g. Germany, Europe, DE)',
      noMatch: 'No matching country or region',
      regionalPlan: 'Regional plan',
      globalPlan: 'Global plan',
      quick: 'Popular picks',
    },
    buttons: {
      packages: 'View Packages',
      howItWorks: 'How It Works',
      balance: 'Check Balance',
      register: 'Register Now',
      demo: 'Try a Demo Account',
    },
    features: {
      title: 'Why {{brand}}?',
      security: { title: 'Secure', text: 'Encrypted connections and trusted operator networks keep your data safe.' },
      speed: { title: 'Fast', text: '4G/5G speeds, connected as soon as you land.' },
      ease: { title: 'Easy', text: 'Scan the QR code and start using it in a few minutes.' },
    },
    coverage: {
      title: 'Worldwide Coverage',
      countries: { value: '130+', label: 'Countries' },
      activation: { value: 'Instant', label: 'Activation' },
      support: { value: '24/7', label: 'Support' },
      link: 'See the coverage map',
    },
    popular: {
      title: 'Popular Destinations',
      from: 'From {{price}}',
      noPrice: 'Packages coming soon',
      empty: 'No featured destinations in this region.',
      filter: 'Region filter',
      note: 'Prices shown are for 7-day packages.',
    },
    steps: {
      title: 'How It Works',
      items: [
        { title: 'Choose Your Package', text: 'Pick the right data package for your destination.' },
        { title: 'Scan the QR Code', text: 'Scan the QR code you receive after purchase with your phone.' },
        { title: 'Connect', text: 'Turn on your line when you arrive and enjoy the internet.' },
      ],
    },
    seo: {
      title: '{{brand}} — Travel eSIM Packages, 130+ Countries',
      description:
        'Travel eSIM packages with instant activation in 130+ countries. No physical SIM, no roaming fees: scan the QR code and connect.',
    },
  },
};
