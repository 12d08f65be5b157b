import type { MessageCatalog } from './types';

/** Messages every service may answer with. */
export const commonMessages = {
  ok: { tr: 'İşlem başarılı', en: 'Success' },
  created: { tr: 'Kayıt oluşturuldu', en: 'Created' },
  updated: { tr: 'Kayıt güncellendi', en: 'Updated' },
  deleted: { tr: 'Kayıt silindi', en: 'Deleted' },
  validation_error: { tr: 'Girilen bilgiler geçersiz', en: 'The request contains invalid fields' },
  invalid_json: { tr: 'İstek gövdesi geçerli bir JSON değil', en: 'The request body is not valid JSON' },
  unsupported_media_type: { tr: 'Desteklenmeyen içerik türü', en: 'Unsupported content type' },
  payload_too_large: { tr: 'İstek gövdesi çok büyük', en: 'The request body is too large' },
  not_found: { tr: 'Kayıt bulunamadı', en: 'Not found' },
  route_not_found: { tr: 'İstenen adres bulunamadı', en: 'The requested route does not exist' },
  method_not_allowed: { tr: 'Bu işlem bu adreste desteklenmiyor', en: 'Method not allowed' },
  unauthorized: { tr: 'Oturum açmanız gerekiyor', en: 'You need to sign in' },
  token_expired: {
    tr: 'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
    en: 'Your session has expired, please sign in again',
  },
  forbidden: { tr: 'Bu işlem için yetkiniz yok', en: 'You are not allowed to do this' },
  rate_limited: {
    tr: 'Çok fazla istek gönderildi. Lütfen {{retryAfter}} saniye sonra tekrar deneyin.',
    en: 'Too many requests. Please try again in {{retryAfter}} seconds.',
  },
  idempotency_key_invalid: {
    tr: 'Idempotency-Key başlığı 8-128 karakter olmalı',
    en: 'The Idempotency-Key header must be 8-128 characters',
  },
  // Requests that move money must say who they are, so a retry never moves it twice.
  idempotency_key_required: {
    tr: 'Bu işlem için Idempotency-Key başlığı gerekli',
    en: 'This request needs an Idempotency-Key header',
  },
  idempotency_conflict: {
    tr: 'Bu Idempotency-Key başka bir istekle kullanıldı',
    en: 'This Idempotency-Key was already used with a different request',
  },
  idempotency_in_progress: {
    tr: 'Aynı Idempotency-Key ile bir istek hâlâ işleniyor',
    en: 'A request with this Idempotency-Key is still being processed',
  },
  conflict: { tr: 'Kayıt başka bir işlemle çakışıyor', en: 'The record conflicts with another change' },
  service_unavailable: { tr: 'Servis şu anda kullanılamıyor', en: 'The service is unavailable right now' },
  bulk_already_decided: {
    tr: 'Zaten bu şekilde sonuçlanmıştı; hiçbir şey değişmedi',
    en: 'Already decided this way; nothing changed',
  },
  internal_error: {
    tr: 'Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
    en: 'An unexpected error occurred. Please try again later.',
  },
} satisfies MessageCatalog;

/** Field-level texts used by shared schemas (money, dates, paging). */
export const fieldMessages = {
  amount_not_finite: { tr: 'Tutar geçerli bir sayı olmalı', en: 'The amount must be a finite number' },
  amount_must_be_positive: { tr: 'Tutar sıfırdan büyük olmalı', en: 'The amount must be greater than zero' },
  amount_must_not_be_negative: { tr: 'Tutar negatif olamaz', en: 'The amount must not be negative' },
  amount_two_decimals: {
    tr: 'Tutar en fazla iki ondalık basamak içerebilir',
    en: 'The amount may have at most two decimals',
  },
  amount_too_large: { tr: 'Tutar çok büyük', en: 'The amount is too large' },
  invalid_date: { tr: 'Tarih YYYY-AA-GG biçiminde olmalı', en: 'The date must be in YYYY-MM-DD format' },
  date_range_invalid: {
    tr: 'Bitiş tarihi başlangıç tarihinden önce olamaz',
    en: 'The end date must not be before the start date',
  },
  date_range_too_long: {
    tr: 'Tarih aralığı en fazla 366 gün olabilir',
    en: 'The date range may cover at most 366 days',
  },
  invalid_range: { tr: 'range [başlangıç, bitiş] biçiminde olmalı', en: 'range must be [start, end]' },
  invalid_sort: { tr: 'sort ["alan", "ASC|DESC"] biçiminde olmalı', en: 'sort must be ["field", "ASC|DESC"]' },
  invalid_id: { tr: 'Geçersiz kimlik', en: 'Invalid id' },
  unknown_filter: { tr: 'Bu liste bu alana göre süzülemez', en: 'This list cannot be filtered by this field' },
  search_not_supported: { tr: 'Bu listede arama yapılamaz', en: 'This list cannot be searched' },
  unsafe_text: {
    tr: 'Metin izin verilmeyen bir karakter içeriyor (NUL veya eşlenmemiş vekil)',
    en: 'The text contains a character that is not allowed (NUL or an unpaired surrogate)',
  },
  amount_min_cent: { tr: 'Tutar en az 0,01 olmalı', en: 'The amount must be at least 0.01' },
  invalid_filter: { tr: 'filter geçerli bir JSON nesnesi olmalı', en: 'filter must be a JSON object' },
} satisfies MessageCatalog;
