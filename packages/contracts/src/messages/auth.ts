import type { MessageCatalog } from './types';

/** Auth's message codes and their fixed texts (docs/product.md, Fixed texts), plus what a real account needs. */
export const authMessages = {
  login_successful: { tr: 'Giriş başarılı', en: 'Signed in successfully' },
  register_successful: { tr: 'Kayıt başarılı', en: 'Registered successfully' },
  invalid_credentials: { tr: 'Geçersiz email veya şifre', en: 'Invalid email or password' },
  account_suspended: {
    tr: 'Hesabınız askıya alındı. Yeniden açılması için satış müdürünüzle ya da bizimle iletişime geçin.',
    en: 'Your account is suspended. Contact your sales manager or us to have it reopened.',
  },
  user_already_exists: { tr: 'Bu email adresi zaten kullanılıyor', en: 'This email address is already in use' },
  user_not_found: { tr: 'Kullanıcı bulunamadı', en: 'User not found' },
  logout_successful: { tr: 'Çıkış başarılı', en: 'Signed out successfully' },
  login_failed: { tr: 'Giriş başarısız', en: 'Sign-in failed' },
  register_failed: { tr: 'Kayıt başarısız', en: 'Registration failed' },
  user_info_failed: { tr: 'Kullanıcı bilgileri yüklenemedi', en: 'Could not load user information' },

  // Session
  token_refreshed: { tr: 'Oturum yenilendi', en: 'Session renewed' },
  session_revoked: {
    tr: 'Oturumunuz güvenlik nedeniyle sonlandırıldı, lütfen tekrar giriş yapın',
    en: 'Your session was ended for security reasons, please sign in again',
  },

  // Profile and password
  profile_updated: { tr: 'Profil bilgileriniz güncellendi', en: 'Your profile was updated' },
  password_changed: {
    tr: 'Şifreniz değiştirildi; diğer cihazlardaki oturumlar kapatıldı',
    en: 'Your password was changed; sessions on other devices were signed out',
  },
  current_password_invalid: { tr: 'Mevcut şifreniz hatalı', en: 'Your current password is incorrect' },
  password_reset_requested: {
    tr: 'Bu email adresiyle kayıtlı bir hesap varsa, şifre sıfırlama bağlantısı gönderildi',
    en: 'If an account exists for this email address, a password reset link has been sent',
  },
  password_reset_successful: {
    tr: 'Şifreniz yenilendi, yeni şifrenizle giriş yapabilirsiniz',
    en: 'Your password was reset, you can sign in with your new password',
  },
  reset_token_invalid: {
    tr: 'Şifre sıfırlama bağlantısı geçersiz veya daha önce kullanılmış',
    en: 'The password reset link is invalid or has already been used',
  },
  reset_token_expired: {
    tr: 'Şifre sıfırlama bağlantısının süresi dolmuş, lütfen yeni bir bağlantı isteyin',
    en: 'The password reset link has expired, please request a new one',
  },

  // Field rules
  email_invalid: { tr: 'Geçerli bir email adresi girin', en: 'Enter a valid email address' },
  password_too_short: { tr: 'Şifre en az 8 karakter olmalı', en: 'The password must be at least 8 characters' },
  password_too_long: { tr: 'Şifre en fazla 128 karakter olabilir', en: 'The password may be at most 128 characters' },
  password_equals_email: {
    tr: 'Şifre email adresinizle aynı olamaz',
    en: 'The password must not be your email address',
  },
  // Password strength (zxcvbn-ts on the server): each names what makes the password easy to guess.
  password_weak: {
    tr: 'Şifre kolay tahmin edilebilir: daha uzun yapın ve birbiriyle ilgisiz birkaç kelime, rakam ve işaret ekleyin',
    en: 'The password is easy to guess: make it longer and mix a few unrelated words, digits and symbols',
  },
  password_weak_common: {
    tr: 'Bu şifre çok yaygın kullanılan şifrelere benziyor; kolay tahmin edilir',
    en: 'This password is like commonly used passwords and easy to guess',
  },
  password_weak_repeated: {
    tr: 'Şifre tekrar eden karakterler veya kalıplar içeriyor (ör. "aaa", "abcabc"); kolay tahmin edilir',
    en: 'The password repeats characters or patterns (e.g. "aaa", "abcabc") and is easy to guess',
  },
  password_weak_sequence: {
    tr: 'Şifre ardışık karakterler içeriyor (ör. "abc", "1234"); kolay tahmin edilir',
    en: 'The password contains a sequence (e.g. "abc", "1234") and is easy to guess',
  },
  password_weak_keyboard: {
    tr: 'Şifre klavyede yan yana duran tuşlardan oluşuyor (ör. "qwerty"); kolay tahmin edilir',
    en: 'The password follows a keyboard pattern (e.g. "qwerty") and is easy to guess',
  },
  password_weak_dates: {
    tr: 'Şifre bir tarih veya yıl içeriyor; kolay tahmin edilir',
    en: 'The password contains a date or year and is easy to guess',
  },
  password_weak_words: {
    tr: 'Şifre tek başına yaygın bir kelime veya isim; birkaç ilgisiz kelime, rakam ve işaret ekleyin',
    en: 'The password is a common word or name on its own; add a few unrelated words, digits and symbols',
  },
  password_weak_personal: {
    tr: 'Şifre adınızı veya email adresinizi içeriyor; kolay tahmin edilir',
    en: 'The password contains your name or email address and is easy to guess',
  },
  name_invalid: {
    tr: 'Ad soyad 2-100 karakter olmalı ve yalnızca harf, boşluk, nokta, kesme işareti veya tire içermeli',
    en: 'The name must be 2-100 characters of letters, spaces, dots, apostrophes or hyphens',
  },
  text_invalid: {
    tr: 'Bu alan izin verilmeyen karakterler içeriyor veya çok uzun',
    en: 'This field contains characters that are not allowed or is too long',
  },
  phone_invalid: {
    tr: 'Telefon numarası 7-20 karakter olmalı; rakam, boşluk, +, -, ( ) içerebilir',
    en: 'The phone number must be 7-20 characters of digits, spaces, +, -, ( )',
  },
  tax_number_invalid: {
    tr: 'Vergi numarası 10 veya 11 haneli olmalı',
    en: 'The tax number must have 10 or 11 digits',
  },
  tax_office_invalid: {
    tr: "Vergi dairesi 2-100 karakter olmalı; harf, rakam, boşluk ve . , ' ( ) / - içerebilir",
    en: "The tax office must be 2-100 characters of letters, digits, spaces and . , ' ( ) / -",
  },
  status_invalid: {
    tr: 'Durum active veya suspended olmalı',
    en: 'The status must be active or suspended',
  },
  nothing_to_update: { tr: 'Güncellenecek bir alan gönderilmedi', en: 'No field to update was sent' },

  // Partnership and contact messages of the public site
  message_received: { tr: 'Mesajınız alındı, teşekkür ederiz', en: 'Your message was received, thank you' },
  message_too_short: { tr: 'Mesaj en az 10 karakter olmalı', en: 'The message must be at least 10 characters' },
  field_required: { tr: 'Bu alan zorunludur', en: 'This field is required' },
  kind_invalid: { tr: 'Tür partnership veya contact olmalı', en: 'The kind must be partnership or contact' },
  message_status_invalid: {
    tr: 'Durum new, read veya answered olmalı',
    en: 'The status must be new, read or answered',
  },
  message_status_changed: { tr: 'Mesajın durumu güncellendi', en: 'Message status updated' },
  inbound_message_not_found: { tr: 'Mesaj bulunamadı', en: 'Message not found' },

  // Dealers and sales managers
  dealer_created: { tr: 'Bayi oluşturuldu', en: 'Dealer created' },
  dealer_updated: { tr: 'Bayi güncellendi', en: 'Dealer updated' },
  dealer_deleted: { tr: 'Bayi silindi', en: 'Dealer deleted' },
  dealer_status_changed: { tr: 'Bayi durumu güncellendi', en: 'Dealer status updated' },
  dealer_not_found: { tr: 'Bayi bulunamadı', en: 'Dealer not found' },
  dealer_has_holdings: {
    tr: 'Bayinin bakiyesi, alacağı veya SIM stoğu var; silinemez. Bunun yerine bayiyi pasif yapın.',
    en: 'The dealer still has a balance, receivables or SIM stock and cannot be deleted. Deactivate the dealer instead.',
  },
  dealer_holdings_unavailable: {
    tr: 'Bayinin bakiye ve stok durumu şu anda doğrulanamıyor; silme işlemi yapılmadı. Lütfen daha sonra tekrar deneyin.',
    en: 'The dealer’s balance and stock cannot be checked right now; nothing was deleted. Please try again later.',
  },
  sales_manager_created: { tr: 'Satış yöneticisi oluşturuldu', en: 'Sales manager created' },
  sales_manager_updated: { tr: 'Satış yöneticisi güncellendi', en: 'Sales manager updated' },
  sales_manager_status_changed: { tr: 'Satış yöneticisinin durumu güncellendi', en: 'Sales manager status updated' },
  dealer_figures_unavailable: {
    tr: 'Bakiyeler şu an okunamıyor; bakiye veya borca göre sıralama için biraz sonra yeniden deneyin',
    en: 'Balances cannot be read right now; try sorting by balance or debt again shortly',
  },
  sales_manager_not_found: { tr: 'Satış yöneticisi bulunamadı', en: 'Sales manager not found' },
  sales_manager_mismatch: {
    tr: 'Yalnızca kendinize bağlı bayileri görebilir ve oluşturabilirsiniz',
    en: 'You can only see and create dealers assigned to you',
  },

  // The audit log
  audit_method_invalid: {
    tr: 'İşlem POST, PUT, PATCH veya DELETE olmalı',
    en: 'The action must be POST, PUT, PATCH or DELETE',
  },
  audit_route_invalid: {
    tr: 'Adres, yazma işlemi yapan bir API adresi olmalı',
    en: 'The route must be one of the API’s write routes',
  },
  audit_service_invalid: {
    tr: 'Servis auth, catalog, balance, esim veya physical-sim olmalı',
    en: 'The service must be auth, catalog, balance, esim or physical-sim',
  },
  audit_cursor_invalid: {
    tr: 'Sayfa imleci geçersiz; listeyi baştan açın',
    en: 'The page cursor is invalid; open the list from the start',
  },
  audit_log_too_deep: {
    tr: 'Bu kadar derin bir sayfa açılamaz; tarih veya kişi süzgeci ya da sonraki sayfa imleci kullanın',
    en: 'A page this deep cannot be opened; filter by date or person, or follow the next-page cursor',
  },
  // The shop's identity (GET/PUT /admin/shop/identity) and the rule it sets for sales.
  shop_identity_updated: { tr: 'Mağaza kimliği kaydedildi', en: 'The shop identity was saved' },
  shop_vkn_invalid: {
    tr: 'Vergi kimlik numarası (VKN) 10 haneli olmalı',
    en: 'The tax number (VKN) must be 10 digits',
  },
  shop_mersis_invalid: { tr: 'MERSİS numarası 16 haneli olmalı', en: 'The MERSİS number must be 16 digits' },
  shop_color_invalid: {
    tr: 'Renk #rrggbb biçiminde olmalı (ör. #0b57d0)',
    en: 'The colour must be in #rrggbb format (e.g. #0b57d0)',
  },
  shop_logo_invalid: {
    tr: 'Logo PNG veya SVG biçiminde bir dosya olmalı',
    en: 'The logo must be a PNG or SVG file',
  },
  shop_logo_too_large: {
    tr: 'Logo en fazla 64 KB olabilir; daha küçük bir dosya seçin',
    en: 'The logo may be at most 64 KB; choose a smaller file',
  },
  shop_not_open: {
    tr: 'Mağaza henüz satışa açık değil: satıcı bilgileri eksik.',
    en: "The shop is not open for sales yet: the seller's details are incomplete.",
  },
} satisfies MessageCatalog;
