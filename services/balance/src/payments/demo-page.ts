import { DEMO_BRAND, formatEuros, type Locale } from '@esim/contracts';
import type { CardEntry, CardProblem, DemoSession } from './demo-provider';
import { TEST_CARDS } from './demo-provider';

/**
 * The demo provider's hosted pages: plain server-rendered HTML with inline CSS and no script or
 * outside resource, so they work under a strict Content-Security-Policy and without JavaScript.
 */
const TEXTS = {
  tr: {
    title: 'Kartla ödeme',
    demo: 'Demo ödeme sayfası: gerçek kart bilgisi girmeyin.',
    merchant: 'İşyeri',
    amount: 'Ödenecek tutar',
    name: 'Kart üzerindeki isim',
    number: 'Kart numarası',
    expiry: 'Son kullanma tarihi (AA/YY)',
    cvc: 'Güvenlik kodu (CVC)',
    pay: '{{amount}} öde',
    cancel: 'Ödemeden vazgeç',
    testCards: 'Test kartları',
    testHint: 'Son kullanma tarihi ileri bir tarih, güvenlik kodu herhangi üç hane olabilir.',
    approve: 'onaylanır',
    insufficient_funds: 'yetersiz bakiye nedeniyle reddedilir',
    do_not_honour: 'bankası onay vermez',
    review_approve: 'ödeme alınır, güvenlik incelemesine düşer ve bir dakika sonra onaylanır',
    review_reject: 'ödeme alınır, güvenlik incelemesine düşer ve bir dakika sonra reddedilir (tutar karta iade edilir)',
    card_name_required: 'Kart üzerindeki ismi yazın.',
    card_number_invalid: 'Kart numarası geçersiz.',
    card_not_test_card: 'Bu demo yalnızca aşağıdaki test kartlarını kabul eder.',
    card_expiry_invalid: 'Son kullanma tarihini AA/YY biçiminde yazın.',
    card_expired: 'Kartın süresi dolmuş.',
    card_cvc_invalid: 'Güvenlik kodu 3 ya da 4 haneli olmalı.',
    secureTitle: '3-D Secure doğrulaması',
    secureAsk: 'Bankanız bu ödemeyi onaylamanızı istiyor.',
    secureCard: 'Kart',
    secureDemo: 'Demo: bankanızın SMS ile gönderdiği kod yerine bu ekranda onaylarsınız.',
    confirm: 'Ödemeyi onayla',
    decline: 'İptal et',
    finishedTitle: 'Bu ödeme tamamlandı',
    finished: 'Bu ödeme sayfasındaki işlem sona erdi.',
    reviewTitle: 'Ödeme güvenlik incelemesinde',
    review:
      'Kartınızdan tahsil edildi; ödeme güvenlik incelemesinden geçince bakiyenize yansır. Reddedilirse tutar kartınıza iade edilir.',
    expiredTitle: 'Ödeme sayfasının süresi doldu',
    expired:
      'Bu ödeme sayfası artık kart kabul etmiyor; kartınızdan bir şey çekilmedi. Mağazaya dönüp yeniden deneyin.',
    back: 'Mağazaya dön',
    missingTitle: 'Ödeme sayfası bulunamadı',
    missing: 'Bu ödeme sayfası yok ya da süresi dolmuş. Mağazaya dönüp yeniden deneyin.',
    returningTitle: 'Ödeme sonucu alındı',
    returning: 'Mağazaya yönlendiriliyorsunuz…',
    continue: 'Devam et',
  },
  en: {
    title: 'Card payment',
    demo: 'Demo payment page: do not enter real card details.',
    merchant: 'Merchant',
    amount: 'Amount to pay',
    name: 'Name on card',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    pay: 'Pay {{amount}}',
    cancel: 'Cancel payment',
    testCards: 'Test cards',
    testHint: 'Use any future expiry date and any three-digit security code.',
    approve: 'approved',
    insufficient_funds: 'declined: insufficient funds',
    do_not_honour: 'declined: do not honour',
    review_approve: 'charged, held for fraud review, approved a minute later',
    review_reject: 'charged, held for fraud review, rejected a minute later (the money goes back to the card)',
    card_name_required: 'Enter the name on the card.',
    card_number_invalid: 'The card number is not valid.',
    card_not_test_card: 'This demo only accepts the test cards below.',
    card_expiry_invalid: 'Enter the expiry date as MM/YY.',
    card_expired: 'The card has expired.',
    card_cvc_invalid: 'The security code must be 3 or 4 digits.',
    secureTitle: '3-D Secure verification',
    secureAsk: 'Your bank asks you to confirm this payment.',
    secureCard: 'Card',
    secureDemo: 'Demo: you confirm on this screen instead of with a code your bank texts you.',
    confirm: 'Confirm payment',
    decline: 'Cancel',
    finishedTitle: 'This payment is finished',
    finished: 'The payment on this page has already ended.',
    reviewTitle: 'Payment in fraud review',
    review:
      'Your card was charged; the payment reaches your balance once it passes the fraud review. If it is rejected, the money goes back to your card.',
    expiredTitle: 'This payment page has expired',
    expired: 'This payment page no longer takes a card; nothing was charged. Go back to the shop and try again.',
    back: 'Back to the shop',
    missingTitle: 'Payment page not found',
    missing: 'This payment page does not exist or has expired. Go back to the shop and try again.',
    returningTitle: 'Payment result received',
    returning: 'Taking you back to the shop…',
    continue: 'Continue',
  },
} as const satisfies Record<Locale, Record<string, string>>;

type TextKey = keyof (typeof TEXTS)['tr'];

// Drawn inline: an emoji lock shows as an empty box where no emoji font is installed.
const LOCK =
  '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true"><path fill="currentColor" d="M12 1a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V11a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5zm-3 8V6a3 3 0 1 1 6 0v3H9zm3 4a2 2 0 0 1 1 3.73V19h-2v-2.27A2 2 0 0 1 12 13z"/></svg>';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#1b2430;line-height:1.45}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 4px 24px rgba(20,40,80,.12);padding:24px}
h1{font-size:1.35rem;margin:0 0 4px}.demo{background:#fff4d6;color:#6b4e00;border-radius:8px;padding:8px 12px;font-size:.9rem;margin:12px 0}
.summary{display:flex;justify-content:space-between;border-bottom:1px solid #e3e8ef;padding:10px 0;font-size:.95rem}.summary strong{font-size:1.1rem}
label{display:block;font-weight:600;font-size:.9rem;margin:14px 0 6px}
input{width:100%;font:inherit;padding:11px 12px;border:1px solid #c5cfdb;border-radius:8px;background:#fbfcfe}
input:focus{outline:2px solid #2463eb;border-color:#2463eb}input[aria-invalid=true]{border-color:#c62828;background:#fff6f6}
.row{display:flex;gap:12px}.row>div{flex:1}.error{color:#c62828;font-size:.85rem;margin-top:4px}
button{width:100%;font:inherit;font-weight:700;border:0;border-radius:10px;padding:13px;margin-top:20px;cursor:pointer;background:#2463eb;color:#fff}
button.secondary{background:#fff;color:#2463eb;border:1px solid #2463eb;margin-top:10px}
.tests{margin-top:20px;font-size:.85rem;color:#425466}.tests ul{padding-left:18px;margin:6px 0}.tests code{font-size:.9rem;color:#1b2430}
.bank{display:flex;align-items:center;gap:10px;font-weight:700;color:#0d3a7a;margin-bottom:8px}.bank svg{flex:none}
p{margin:8px 0}
@media (prefers-color-scheme:dark){body{background:#0b1220;color:#e6ebf2}.card{background:#151e2e;box-shadow:0 4px 24px rgba(0,0,0,.5)}.summary{border-color:#2a3547}input{background:#0f1726;border-color:#3a4658;color:inherit}input[aria-invalid=true]{background:#2a1416}.error{color:#ff8a80}.demo{background:#3a2f0b;color:#f3d98b}.tests{color:#a9b4c4}.tests code{color:#e6ebf2}.bank{color:#8fb4ff}button.secondary{background:transparent;color:#8fb4ff;border-color:#8fb4ff}a{color:#8fb4ff}}
`;

/** The shop's brand name, as its identity gives it when the page is drawn (the demo's before any is asked). */
export type Brand = string;

function page(locale: Locale, title: string, body: string, brand: Brand, head = ''): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark">${head}<title>${escape(`${title} — ${brand}`)}</title><style>${STYLE}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

const t = (locale: Locale, key: TextKey, params: Record<string, string> = {}) =>
  TEXTS[locale][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);

const summary = (locale: Locale, session: DemoSession, brand: Brand) =>
  `<div class="summary"><span>${t(locale, 'merchant')}</span><span>${escape(brand)}</span></div>` +
  `<div class="summary"><span>${escape(session.description)}</span><span></span></div>` +
  `<div class="summary"><span>${t(locale, 'amount')}</span><strong>${escape(formatEuros(Number(session.amount)))}</strong></div>`;

const cancelForm = (locale: Locale, token: string) =>
  `<form method="post" action="${escape(`${token}/3ds`)}"><input type="hidden" name="token" value="${escape(token)}"><input type="hidden" name="action" value="cancel"><button class="secondary" type="submit">${t(locale, 'cancel')}</button></form>`;

/** The card form; `entry` and `problems` refill it after a refused submit (the number is never echoed). */
export function cardFormPage(
  session: DemoSession,
  entry?: Partial<CardEntry>,
  problems: CardProblem[] = [],
  brand: Brand = DEMO_BRAND.name,
): string {
  const locale = session.locale;
  const problemOf = (field: keyof CardEntry) => problems.find((p) => p.field === field);
  const field = (name: keyof CardEntry, label: TextKey, attrs: string, value = '') => {
    const problem = problemOf(name);
    const error = problem ? `<div class="error" id="${name}-error">${t(locale, problem.problem as TextKey)}</div>` : '';
    return `<label for="${name}">${t(locale, label)}</label><input id="${name}" name="${name}" ${attrs} value="${escape(value)}"${problem ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${error}`;
  };
  const tests = TEST_CARDS.map(
    (card) => `<li><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${t(locale, card.outcome)}</li>`,
  ).join('');
  return page(
    locale,
    t(locale, 'title'),
    `<h1>${t(locale, 'title')}</h1><div class="demo">${t(locale, 'demo')}</div>${summary(locale, session, brand)}` +
      `<form method="post" action="${escape(session.token)}" novalidate>` +
      field('name', 'name', 'autocomplete="cc-name" required maxlength="60"', entry?.name ?? '') +
      field('number', 'number', 'inputmode="numeric" autocomplete="cc-number" required maxlength="23"') +
      `<div class="row"><div>${field('expiry', 'expiry', 'inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" required maxlength="7"', entry?.expiry ?? '')}</div>` +
      `<div>${field('cvc', 'cvc', 'inputmode="numeric" autocomplete="cc-csc" required maxlength="4"')}</div></div>` +
      `<button type="submit">${t(locale, 'pay', { amount: formatEuros(Number(session.amount)) })}</button></form>` +
      cancelForm(locale, session.token) +
      `<div class="tests"><strong>${t(locale, 'testCards')}</strong><ul>${tests}</ul>${t(locale, 'testHint')}</div>`,
    brand,
  );
}

/** The bank's 3-D Secure step: confirm or cancel, posted with the token like iyzico's own page. */
export function threeDSecurePage(session: DemoSession, brand: Brand = DEMO_BRAND.name): string {
  const locale = session.locale;
  const token = escape(session.token);
  const action = escape(`${session.token}/3ds`);
  return page(
    locale,
    t(locale, 'secureTitle'),
    `<div class="bank">${LOCK}${t(locale, 'secureTitle')}</div><p>${t(locale, 'secureAsk')}</p>${summary(locale, session, brand)}` +
      `<div class="summary"><span>${t(locale, 'secureCard')}</span><span>•••• ${escape(session.card_last4 ?? '')}</span></div>` +
      `<div class="demo">${t(locale, 'secureDemo')}</div>` +
      `<form method="post" action="${action}"><input type="hidden" name="token" value="${token}"><input type="hidden" name="action" value="confirm"><button type="submit">${t(locale, 'confirm')}</button></form>` +
      `<form method="post" action="${action}"><input type="hidden" name="token" value="${token}"><input type="hidden" name="action" value="cancel"><button class="secondary" type="submit">${t(locale, 'decline')}</button></form>`,
    brand,
  );
}

/**
 * A session past its card step (paid, declined, in fraud review, or expired before a card was
 * taken): the buyer can only go back, posting the token to the shop's callback.
 */
export function finishedPage(session: DemoSession, brand: Brand = DEMO_BRAND.name): string {
  const locale = session.locale;
  const [title, text]: [TextKey, TextKey] =
    session.status === 'review'
      ? ['reviewTitle', 'review']
      : session.status === 'expired'
        ? ['expiredTitle', 'expired']
        : ['finishedTitle', 'finished'];
  return page(
    locale,
    t(locale, title),
    `<h1>${t(locale, title)}</h1><p>${t(locale, text)}</p>` +
      `<form method="post" action="${escape(session.callback_url)}"><input type="hidden" name="token" value="${escape(session.token)}"><button type="submit">${t(locale, 'back')}</button></form>`,
    brand,
  );
}

export function missingSessionPage(locale: Locale, brand: Brand = DEMO_BRAND.name): string {
  return page(
    locale,
    t(locale, 'missingTitle'),
    `<h1>${t(locale, 'missingTitle')}</h1><p>${t(locale, 'missing')}</p><p><a href="/">${t(locale, 'back')}</a></p>`,
    brand,
  );
}

/** The callback's answer: straight on to the shop (a meta refresh: no script needed), with a link. */
export function returnPage(locale: Locale, target: string, brand: Brand = DEMO_BRAND.name): string {
  const href = escape(target);
  return page(
    locale,
    t(locale, 'returningTitle'),
    `<h1>${t(locale, 'returningTitle')}</h1><p>${t(locale, 'returning')}</p><p><a href="${href}">${t(locale, 'continue')}</a></p>`,
    brand,
    `<meta http-equiv="refresh" content="0;url=${href}">`,
  );
}
