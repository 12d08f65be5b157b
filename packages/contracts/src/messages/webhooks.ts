import type { MessageCatalog } from './types';

/** A dealer's webhooks: managing the endpoints, the delivery log, and the URL rules. */
export const webhookMessages = {
  webhooks_listed: { tr: 'Webhook adresleri listelendi', en: 'Webhook endpoints listed' },
  webhook_created: {
    tr: 'Webhook adresi eklendi. İmza anahtarını şimdi kopyalayın: bir daha gösterilmeyecek.',
    en: 'Webhook endpoint added. Copy the signing secret now: it will not be shown again.',
  },
  webhook_replayed: {
    tr: 'Bu istek daha önce yapıldı ve adres eklendi; imza anahtarı yalnızca ilk yanıtta gösterilir',
    en: 'This request was made before and the endpoint was added; the secret is shown only in the first answer',
  },
  webhook_updated: { tr: 'Webhook adresi güncellendi', en: 'Webhook endpoint updated' },
  webhook_deleted: { tr: 'Webhook adresi silindi', en: 'Webhook endpoint deleted' },
  webhook_secret_rotated: {
    tr: 'Yeni imza anahtarı oluşturuldu; şimdi kopyalayın. Eski anahtar 24 saat daha ikinci imzayı atar.',
    en: 'A new signing secret was made; copy it now. The old one signs a second signature for 24 more hours.',
  },
  webhook_test_queued: { tr: 'Deneme olayı gönderiliyor', en: 'The test event is being sent' },
  webhook_resend_queued: { tr: 'Olay yeniden gönderiliyor', en: 'The event is being sent again' },
  webhook_deliveries_listed: { tr: 'Gönderim kaydı listelendi', en: 'Delivery log listed' },
  webhook_not_found: { tr: 'Webhook adresi bulunamadı', en: 'Webhook endpoint not found' },
  webhook_delivery_not_found: { tr: 'Gönderim bulunamadı', en: 'Delivery not found' },
  webhooks_dealers_only: {
    tr: 'Webhook adresleri yalnızca bayi hesaplarına tanımlanır',
    en: 'Webhooks are only for dealer accounts',
  },
  webhook_limit_reached: {
    tr: 'Bir bayinin en fazla {{max}} webhook adresi olabilir; yenisi için önce birini silin',
    en: 'A dealer may have at most {{max}} webhook endpoints; delete one before adding another',
  },
  webhook_url_invalid: {
    tr: 'Adres http:// ya da https:// ile başlayan, kullanıcı adı ve parola içermeyen tam bir URL olmalı',
    en: 'The address must be a full URL starting with http:// or https://, without a user name or password',
  },
  webhook_url_https_required: {
    tr: 'Webhook adresi https:// ile başlamalı',
    en: 'The webhook address must start with https://',
  },
  webhook_url_private: {
    tr: 'Webhook adresi internetten erişilebilir olmalı; yerel ya da özel ağ adresleri kabul edilmez',
    en: 'The webhook address must be reachable from the internet; local and private network addresses are refused',
  },
  webhook_url_unresolvable: {
    tr: 'Webhook adresindeki alan adı çözümlenemedi',
    en: 'The host name in the webhook address could not be resolved',
  },
  webhook_events_invalid: {
    tr: 'Olaylar, listelenen olay türlerinden en az birini içeren ve tekrar etmeyen bir liste olmalı',
    en: 'Events must be a list of at least one of the listed event types, without repeats',
  },
  webhook_description_invalid: {
    tr: 'Açıklama en fazla 200 karakter olmalı ve < > ya da kontrol karakteri içermemeli',
    en: 'The description must be at most 200 characters, without < > or control characters',
  },
  webhook_active_invalid: { tr: 'Etkin alanı true ya da false olmalı', en: 'Active must be true or false' },
  webhook_limit_invalid: {
    tr: 'Sayı 1 ile 200 arasında bir tam sayı olmalı',
    en: 'Limit must be a whole number from 1 to 200',
  },
  webhook_status_invalid: {
    tr: 'Durum pending, delivered ya da failed olmalı',
    en: 'Status must be pending, delivered or failed',
  },
} satisfies MessageCatalog;
