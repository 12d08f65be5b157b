import type { MessageCatalog } from './types';

/** The partner API's keys: managing them in the back office, and using one at the gateway. */
export const apiKeyMessages = {
  api_keys_listed: { tr: 'API anahtarları listelendi', en: 'API keys listed' },
  api_key_created: {
    tr: 'API anahtarı oluşturuldu. Gizli anahtarı şimdi kopyalayın: bir daha gösterilmeyecek.',
    en: 'API key created. Copy the secret now: it will not be shown again.',
  },
  api_key_replayed: {
    tr: 'Bu istek daha önce yapıldı ve anahtar oluşturuldu; gizli anahtar yalnızca ilk yanıtta gösterilir',
    en: 'This request was made before and the key was created; the secret is shown only in the first answer',
  },
  api_key_revoked: { tr: 'API anahtarı iptal edildi', en: 'API key revoked' },
  api_key_not_found: { tr: 'API anahtarı bulunamadı', en: 'API key not found' },
  api_key_name_invalid: {
    tr: "Anahtar adı 1-100 karakter olmalı; harf, rakam, boşluk ve . , & ' ( ) / _ + - içerebilir",
    en: "The key name must be 1-100 characters of letters, digits, spaces and . , & ' ( ) / _ + -",
  },
  api_key_scopes_invalid: {
    tr: 'Yetkiler "read" ve/veya "order" değerlerinden en az birini içeren bir liste olmalı',
    en: 'Scopes must be a list with at least one of "read" and "order"',
  },
  api_keys_dealers_only: {
    tr: 'API anahtarları yalnızca bayi hesaplarına verilir',
    en: 'API keys are only for dealer accounts',
  },
  api_key_limit_reached: {
    tr: 'Bir bayinin en fazla {{max}} etkin API anahtarı olabilir; yenisi için önce birini iptal edin',
    en: 'A dealer may have at most {{max}} active API keys; revoke one before creating another',
  },
  api_key_invalid: {
    tr: 'API anahtarı geçersiz ya da iptal edilmiş',
    en: 'The API key is invalid or has been revoked',
  },
  api_key_sandbox_forbidden: {
    tr: 'Deneme (sandbox) anahtarı yalnızca eSIM satın alma ve siparişin kurulum işlemlerini yapabilir; para hareketi yapamaz',
    en: 'A sandbox key may only buy eSIMs and use an order’s install routes; it moves no money',
  },
  api_key_sandbox_invalid: { tr: 'sandbox true veya false olmalı', en: 'sandbox must be true or false' },
  api_key_read_only: {
    tr: 'Bu API anahtarı yalnızca okuma yetkisine sahip; bu işlem için "order" yetkili bir anahtar gerekir',
    en: 'This API key may only read; this request needs a key with the "order" scope',
  },
  api_key_route_forbidden: {
    tr: 'Bu işlem API anahtarıyla yapılamaz; yönetim paneline giriş yaparak yapın',
    en: 'This cannot be done with an API key; sign in to the back office to do it',
  },
} satisfies MessageCatalog;
