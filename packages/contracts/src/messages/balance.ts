import type { MessageCatalog } from './types';

/** Messages of the balance service (codes stable on the wire, texts in Turkish and English). */
export const balanceMessages = {
  // Dealer money (admin).
  balance_loaded: { tr: 'Bakiye yüklendi', en: 'Balance loaded' },
  credit_limit_set: { tr: 'Kredi limiti kaydedildi', en: 'Credit limit saved' },
  cash_payment_recorded: { tr: 'Nakit ödeme kaydedildi', en: 'Cash payment recorded' },
  cash_balance_loaded: { tr: 'Nakit ödenen bakiye yüklendi', en: 'Balance paid in cash loaded' },
  not_a_dealer: { tr: 'Bu kullanıcı bir bayi değil', en: 'This user is not a dealer' },
  dealer_not_found: { tr: 'Bayi bulunamadı', en: 'Dealer not found' },
  not_a_sales_manager: { tr: 'Bu kullanıcı bir satış yöneticisi değil', en: 'This user is not a sales manager' },
  // Collections.
  collection_recorded: { tr: 'Tahsilat kaydedildi', en: 'Collection recorded' },
  dealer_not_yours: { tr: 'Bu bayi size bağlı değil', en: 'This dealer is not assigned to you' },
  amount_exceeds_debt: {
    tr: 'Tutar bayinin borcunu aşıyor. Bayinin borcu: {{owed}}',
    en: 'The amount exceeds what the dealer owes. The dealer owes {{owed}}',
  },
  amount_exceeds_cash_held: {
    tr: 'Tutar satış müdürünün elindeki nakdi aşıyor. Eldeki nakit: {{held}}',
    en: 'The amount exceeds the cash the sales manager holds. Cash held: {{held}}',
  },
  ids_invalid: {
    tr: 'ids virgülle ayrılmış en fazla 100 kimlik olmalı',
    en: 'ids must be at most 100 comma-separated ids',
  },
  // The caller's balance and holds.
  insufficient_balance: {
    tr: 'Yetersiz bakiye. Kullanılabilir bakiye: {{available}}',
    en: 'Insufficient balance. Available balance: {{available}}',
  },
  insufficient_balance_credit_left: { tr: 'Kalan kredi limiti: {{credit_left}}', en: 'Credit left: {{credit_left}}' },
  account_insufficient: {
    tr: 'Hesabın kullanılabilir bakiyesi bu işlem için yetmiyor',
    en: "The account's available balance does not cover this transfer",
  },
  ledger_limit_exceeded: {
    tr: 'İşlem hesabın sınırını aşıyor',
    en: 'The transfer would take the account past its limit',
  },
  hold_created: { tr: 'Tutar rezerve edildi', en: 'Amount reserved' },
  hold_captured: { tr: 'Rezerve edilen tutar tahsil edildi', en: 'Reserved amount captured' },
  hold_voided: { tr: 'Rezervasyon iptal edildi', en: 'Reservation released' },
  hold_not_found: { tr: 'Rezervasyon bulunamadı', en: 'Hold not found' },
  hold_not_captured: { tr: 'Bu siparişin tutarı tahsil edilmemiş', en: 'This order has not been charged' },
  refund_exceeds_capture: {
    tr: 'İade tutarı tahsil edilen tutarı aşıyor',
    en: 'The refund exceeds the amount charged',
  },
  refund_posted: { tr: 'İade bakiyeye yansıtıldı', en: 'Refund added to the balance' },
  hold_not_pending: {
    tr: 'Bu rezervasyon zaten sonuçlandırılmış',
    en: 'This hold has already been settled',
  },
  order_hold_conflict: {
    tr: 'Bu sipariş için farklı bir tutar zaten rezerve edilmiş',
    en: 'A different amount is already reserved for this order',
  },
  // Deposits.
  deposit_created: {
    tr: 'Bakiye yükleme talebiniz alındı. Havale açıklamasına referans kodunu yazın.',
    en: 'Your deposit request was received. Quote the reference code on your bank transfer.',
  },
  deposit_confirmed: { tr: 'Bakiye yükleme onaylandı', en: 'Deposit confirmed' },
  deposit_rejected: { tr: 'Bakiye yükleme reddedildi', en: 'Deposit rejected' },
  deposit_not_found: { tr: 'Bakiye yükleme talebi bulunamadı', en: 'Deposit request not found' },
  deposit_not_pending: {
    tr: 'Bu bakiye yükleme talebi zaten sonuçlandırılmış',
    en: 'This deposit request has already been decided',
  },
  payment_method_unavailable: {
    tr: 'Kartla bakiye yükleme bu adresten yapılmaz; kartla ödeme adımını kullanın ya da havale/EFT ile yükleyin.',
    en: 'Card deposits are not made here; use the card payment step or add funds by bank transfer.',
  },
  deposit_too_large: {
    tr: 'Havale/EFT ile tek seferde en fazla {{max}} yükleme talep edilebilir',
    en: 'At most {{max}} can be requested by bank transfer at once',
  },
  deposit_amount_retype_required: {
    tr: 'Bu tutarda bir yüklemeyi onaylamak için tutarı yeniden yazın',
    en: 'To confirm a deposit this large, type its amount again',
  },
  deposit_bulk_retype_required: {
    tr: 'Büyük tutar toplu onaylanamaz: tek başına, tutarı yeniden yazarak onaylayın',
    en: 'A large amount is not confirmed in bulk: confirm it on its own, typing its amount again',
  },
  deposit_amount_mismatch: {
    tr: 'Yazılan tutar talep edilen tutarla aynı değil',
    en: 'The amount typed is not the amount requested',
  },
  bank_details_not_set: {
    tr: 'Banka hesap bilgilerimiz henüz girilmedi; havale/EFT ile yükleme şu an yapılamıyor',
    en: 'Our bank details are not set yet; deposits by bank transfer are not possible right now',
  },
  iban_invalid: {
    tr: 'Geçerli bir IBAN girin (ör. TR33 0006 1005 1978 6457 8413 26)',
    en: 'Enter a valid IBAN (e.g. TR33 0006 1005 1978 6457 8413 26)',
  },
  deposit_decided_by_card_payment: {
    tr: 'Kartla yapılan yükleme, ödemenin sonucuna göre kendiliğinden onaylanır ya da reddedilir',
    en: 'A card deposit is confirmed or rejected by the result of its payment',
  },
  // Card payments.
  payment_started: { tr: 'Ödeme sayfası hazır', en: 'The payment page is ready' },
  agreement_version_outdated: {
    tr: 'Sözleşme metni güncellendi; sayfayı yenileyip güncel metni onaylayın',
    en: 'The contract text has been updated; reload the page and accept the current text',
  },
  payment_not_found: { tr: 'Ödeme bulunamadı', en: 'Payment not found' },
  payment_provider_unavailable: {
    tr: 'Ödeme sağlayıcısına şu anda ulaşılamıyor. Lütfen biraz sonra yeniden deneyin.',
    en: 'The payment provider cannot be reached right now. Please try again in a moment.',
  },
  card_payments_unavailable: {
    tr: 'Kartla ödeme şu anda kullanılamıyor. Lütfen havale/EFT ile yükleyin.',
    en: 'Card payment is not available right now. Please add funds by bank transfer.',
  },
  payment_not_refundable: {
    tr: 'Yalnızca ödenmiş kart yüklemeleri iade edilebilir',
    en: 'Only paid card deposits can be refunded',
  },
  payment_already_spent: {
    tr: 'Bu yüklemenin tutarı kısmen ya da tamamen harcanmış; karta iade edilemez',
    en: 'Some or all of this deposit has been spent; it cannot be refunded to the card',
  },
  payment_refunded: { tr: 'Ödeme karta iade edildi', en: 'The payment was refunded to the card' },
  card_refund_requested: {
    tr: 'İade kartınıza gönderildi; bankanıza göre 5-10 iş günü içinde hesabınıza yansır',
    en: 'The refund was sent to your card; depending on your bank it arrives within 5-10 business days',
  },
  card_refund_returned: { tr: 'İade tutarı bakiyeye geri yüklendi', en: 'The refund was put back on the balance' },
  card_refund_refused: {
    tr: 'Ödeme kuruluşu karta iadeyi reddetti; ekibimiz inceliyor',
    en: 'The payment provider refused the refund to the card; our team is looking into it',
  },
  card_refund_not_found: { tr: 'Kart iadesi bulunamadı', en: 'Card refund not found' },
  card_refund_not_retryable: {
    tr: 'Yalnızca ödeme kuruluşunun reddettiği bir iade yeniden denenebilir',
    en: 'Only a refund the payment provider refused can be tried again',
  },
  card_refund_not_returnable: {
    tr: 'Yalnızca ödeme kuruluşunun reddettiği bir kart iadesi bakiyeye geri yüklenebilir',
    en: 'Only a card refund the payment provider refused can be put back on the balance',
  },
  card_refund_exceeds_payment: {
    tr: 'Karta iade, kartla ödenen tutarı aşamaz',
    en: 'A refund to the card cannot exceed what the card paid',
  },
  card_refund_not_this_order: {
    tr: 'Bu kart ödemesi bu siparişe ait değil',
    en: 'This card payment does not belong to this order',
  },
  payment_provider_not_configured: {
    tr: 'Bu ödemenin ödeme kuruluşu şu an yapılandırılmamış; iade bekliyor',
    en: "This payment's provider is not configured now; the refund is waiting",
  },
  payment_already_used: {
    tr: 'Bu kart ödemesi başka bir siparişte kullanıldı',
    en: 'This card payment was already used for another order',
  },
  payment_not_for_an_order: {
    tr: 'Bu kart ödemesi bakiye yüklemesi içindi; bir siparişe bağlanamaz',
    en: 'This card payment was a balance deposit; it cannot pay for an order',
  },
  payment_already_refunded: {
    tr: 'Bu kart ödemesi karta iade edildi; bir siparişe bağlanamaz',
    en: 'This card payment was refunded to the card; it cannot pay for an order',
  },
  payment_claimed: { tr: 'Ödeme siparişe bağlandı', en: 'The payment was linked to the order' },
  card_payments_too_many_open: {
    tr: 'Tamamlanmamış {{max}} kart ödemeniz var. Birini tamamlayın ya da birkaç dakika sonra yeniden deneyin.',
    en: 'You have {{max}} card payments not finished yet. Finish one or try again in a few minutes.',
  },
  card_deposit_too_large: {
    tr: 'Tek seferde kartla en fazla {{max}} ödenebilir',
    en: 'At most {{max}} can be paid by card at once',
  },
  card_deposit_daily_limit: {
    tr: 'Bugün kartla ödeyebileceğiniz üst sınır olan {{max}} aşılıyor',
    en: 'This goes over the {{max}} you may pay by card today',
  },
  payment_fraud_rejected: {
    tr: 'Ödeme güvenlik kontrolünden geçmedi; kartınızdan çekilen tutar iade edilir.',
    en: 'The payment did not pass the security check; anything taken from your card is given back.',
  },
  payment_in_review: {
    tr: 'Ödemeniz güvenlik kontrolünde; onaylanınca tutar bakiyenize otomatik eklenir.',
    en: 'Your payment is being checked for security; once approved, the amount is added to your balance automatically.',
  },
  payment_expired_unconfirmed: {
    tr: 'Ödeme zamanında tamamlanmadı. Kartınızdan çekim yapıldıysa tutar bakiyenize otomatik eklenir.',
    en: 'The payment was not completed in time. If your card was charged, the amount is added to your balance automatically.',
  },
  return_path_invalid: {
    tr: 'Dönüş adresi bu sitede bir sayfa yolu olmalı (ör. /balance)',
    en: 'The return path must be a page path on this site (e.g. /balance)',
  },
  // Why a card payment did not go through, shown to the buyer.
  card_declined: {
    tr: 'Ödeme kartınızdan alınamadı. Başka bir kartla deneyin.',
    en: 'The payment could not be taken from your card. Try another card.',
  },
  card_declined_insufficient_funds: {
    tr: 'Kartınızın bakiyesi ya da limiti yetersiz. Başka bir kartla deneyin.',
    en: 'Your card does not have enough funds. Try another card.',
  },
  card_declined_do_not_honour: {
    tr: 'Bankanız bu ödemeyi onaylamadı. Bankanızla görüşün ya da başka bir kart deneyin.',
    en: 'Your bank did not approve this payment. Contact your bank or try another card.',
  },
  card_declined_expired: {
    tr: 'Kartınızın süresi dolmuş. Başka bir kartla deneyin.',
    en: 'Your card has expired. Try another card.',
  },
  card_declined_invalid_cvc: {
    tr: 'Güvenlik kodu (CVC) hatalı. Kart bilgilerinizi kontrol edin.',
    en: 'The security code (CVC) is wrong. Check your card details.',
  },
  payment_3ds_cancelled: {
    tr: '3-D Secure doğrulaması tamamlanmadı; kartınızdan para çekilmedi.',
    en: '3-D Secure verification was not completed; nothing was charged to your card.',
  },
  payment_expired: {
    tr: 'Ödeme zamanında tamamlanmadığı için süresi doldu; kartınızdan para çekilmedi.',
    en: 'The payment expired before it was completed; nothing was charged to your card.',
  },
  payment_amount_mismatch: {
    tr: 'Ödenen tutar beklenenle uyuşmuyor; ekibimiz inceleyip size dönecek.',
    en: 'The amount paid does not match what was expected; our team will look into it and get back to you.',
  },
  // Labels of the transaction types (the ledger's transfer kinds) in the user's transaction list.
  transaction_top_up: { tr: 'Bakiye yükleme (havale/EFT)', en: 'Deposit (bank transfer)' },
  transaction_card_top_up: { tr: 'Bakiye yükleme (kart)', en: 'Deposit (card)' },
  transaction_card_checkout: {
    tr: 'eSIM satın alma (kartla ödenen kısım)',
    en: 'eSIM purchase (the part paid by card)',
  },
  transaction_card_refund: { tr: 'Karta iade', en: 'Refunded to the card' },
  transaction_credit_load: { tr: 'Bakiye yükleme (veresiye)', en: 'Balance loaded on credit' },
  transaction_cash_load: { tr: 'Bakiye yükleme (nakit)', en: 'Balance loaded, paid in cash' },
  transaction_cash_payment: { tr: 'Nakit ödeme', en: 'Cash payment' },
  transaction_dealer_collection: { tr: 'Bayiden tahsilat', en: 'Collection from dealer' },
  transaction_cash_handover: { tr: 'Satış müdüründen tahsilat', en: 'Collection from sales manager' },
  transaction_purchase: { tr: 'Satın alma', en: 'Purchase' },
  transaction_refund: { tr: 'İade', en: 'Refund' },
  transaction_reversal: { tr: 'Düzeltme (ters kayıt)', en: 'Correction (reversal)' },
  // Dealer statements.
  statement_month_invalid: { tr: 'Ay YYYY-AA biçiminde olmalı', en: 'The month must be in YYYY-MM format' },
  statement_month_future: {
    tr: 'Henüz başlamamış bir ayın ekstresi olmaz',
    en: 'A month that has not begun has no statement',
  },
  statement_format_invalid: { tr: 'Biçim json, pdf veya xlsx olmalı', en: 'The format must be json, pdf or xlsx' },
  statement_dealers_only: { tr: 'Hesap ekstresi yalnızca bayiler içindir', en: 'Statements are for dealers only' },
} satisfies MessageCatalog;
