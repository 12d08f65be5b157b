import type { MessageCatalog } from './types';

/** The spec's auth message codes (section 3) and texts (section 8), plus what a real account needs. */
export const authMessages = {
  login_successful: { tr: 'Giriş başarılı', en: 'Signed in successfully' },
  register_successful: { tr: 'Kayıt başarılı', en: 'Registered successfully' },
  invalid_credentials: { tr: 'Geçersiz email veya şifre', en: 'Invalid email or password' },
  user_already_exists: { tr: 'Bu email adresi zaten kullanılıyor', en: 'This email address is already in use' },
  user_not_found: { tr: 'Kullanıcı bulunamadı', en: 'User not found' },
  logout_successful: { tr: 'Çıkış başarılı', en: 'Signed out successfully' },
  login_failed: { tr: 'Giriş başarısız', en: 'Sign-in failed' },
  register_failed: { tr: 'Kayıt başarısız', en: 'Registration failed' },
  user_info_failed: { tr: 'Kullanıcı bilgileri yüklenemedi', en: 'Could not load user information' },
} satisfies MessageCatalog;
