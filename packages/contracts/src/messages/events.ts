import type { MessageCatalog } from './types';

/** Messages of the event backbone's operator tools (`npm run events -- ...`). */
export const eventMessages = {
  events_cli_usage: {
    tr: 'Kullanım: npm run events -- status [--json] | replay <id> | unpark <id> | prune [gün]\n  status   her servis şeması için outbox kuyruğu, tüketici grubu gecikmesi ve park edilmiş mesajlar\n  replay   park edilmiş bir mesajı (park kimliği ya da olay kimliği) tüketicisine yeniden kuyruğa alır\n  unpark   replay ile aynı: mesaj park alanından çıkar ve tüketicisi tarafından yeniden işlenir\n  prune    belirtilen günden (varsayılan 7) eski, artık gerekmeyen günlük, outbox, inbox ve çözülmüş park kayıtlarını siler',
    en: 'Usage: npm run events -- status [--json] | replay <id> | unpark <id> | prune [days]\n  status   outbox backlog, consumer group lag and parked messages of every service schema\n  replay   re-queues a parked message (parked id or event id) for its consumer\n  unpark   same as replay: the message leaves the parking lot and its consumer runs it again\n  prune    deletes log, outbox, inbox and resolved parked rows older than the given days (default 7) that nothing needs any more',
  },
  events_status_outbox: {
    tr: "{{schema}}: outbox'ta yayınlanmayı bekleyen {{count}} olay{{oldest}}",
    en: '{{schema}}: {{count}} event(s) waiting in the outbox{{oldest}}',
  },
  events_status_oldest: { tr: ' (en eskisi {{at}})', en: ' (oldest {{at}})' },
  events_status_relay_error: { tr: '  son aktarım hatası: {{error}}', en: '  last relay error: {{error}}' },
  events_status_log: {
    tr: 'PostgreSQL olay günlüğü: son konum {{head}}',
    en: 'PostgreSQL event log: head position {{head}}',
  },
  events_status_group: {
    tr: '  tüketici grubu {{group}}: konum {{position}}, gecikme {{lag}}',
    en: '  consumer group {{group}}: position {{position}}, lag {{lag}}',
  },
  events_status_no_groups: { tr: '  henüz tüketici grubu yok', en: '  no consumer group yet' },
  events_status_kafka: { tr: 'Kafka ({{brokers}}):', en: 'Kafka ({{brokers}}):' },
  events_status_kafka_unavailable: {
    tr: '  Kafka gecikmesi okunamadı: {{error}}',
    en: '  could not read the Kafka lag: {{error}}',
  },
  events_status_parked_none: { tr: 'Park edilmiş mesaj yok', en: 'No parked messages' },
  events_status_parked_header: { tr: 'Park edilmiş mesajlar ({{count}}):', en: 'Parked messages ({{count}}):' },
  events_status_parked_row: {
    tr: '  {{id}} [{{status}}] {{schema}}/{{consumer}} {{type}} anahtar={{key}} deneme={{attempts}} kaynak={{source}}\n    hata: {{error}}',
    en: '  {{id}} [{{status}}] {{schema}}/{{consumer}} {{type}} key={{key}} attempts={{attempts}} source={{source}}\n    error: {{error}}',
  },
  events_requeued: {
    tr: '{{id}} ({{schema}}/{{consumer}}) yeniden kuyruğa alındı; tüketicisi şimdi yeniden işleyecek',
    en: '{{id}} ({{schema}}/{{consumer}}) re-queued; its consumer will run it again now',
  },
  events_not_parked: {
    tr: '{{id}} kimliğiyle park edilmiş bir mesaj bulunamadı',
    en: 'No parked message with id {{id}}',
  },
  events_invalid_days: {
    tr: 'Geçersiz gün sayısı: {{days}} (1 ya da daha büyük bir tam sayı)',
    en: 'Invalid number of days: {{days}} (a whole number of at least 1)',
  },
  events_pruned: {
    tr: '{{days}} günden eski kayıtlar silindi: günlük {{log}}, outbox {{outbox}}, inbox {{inbox}}, park {{parked}}',
    en: 'Deleted rows older than {{days}} days: log {{log}}, outbox {{outbox}}, inbox {{inbox}}, parked {{parked}}',
  },
  events_invalid_id: { tr: 'Geçersiz kimlik: {{id}} (UUID bekleniyor)', en: 'Invalid id: {{id}} (a UUID is expected)' },
} satisfies MessageCatalog;
