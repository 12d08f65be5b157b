import type { EventPayload, Locale } from '@esim/contracts';
import type { OutgoingMail } from './mailer';
import { planName } from './plan-name';

/**
 * "Send to my e-mail": the install details of an order's eSIMs, so they can be installed from a
 * phone that cannot scan its own screen. Per eSIM: the QR png inline (a CID attachment, shown by
 * mail apps without loading anything from the web), the SM-DP+ address and activation code for
 * Android's manual entry, and the iOS 17.4+ one-tap install link. In the language the buyer asked in.
 */
type InstallMail = EventPayload<'esim.order.install-mail'>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const texts = {
  tr: {
    subject: (m: InstallMail) => `eSIM kurulum bilgileriniz (${m.orderNumber})`,
    greeting: (name: string) => `Merhaba ${name},`,
    intro: (m: InstallMail) =>
      `${planName(m, 'tr')} paketinizin eSIM kurulum bilgileri aşağıdadır. eSIM’i kuracağınız telefonda bu e-postayı açın veya QR kodu başka bir ekrandan okutun.`,
    esim: (n: number | null, iccid: string) => `eSIM${n === null ? '' : ` ${n}`} (ICCID ${iccid})`,
    qr: 'QR kodu: Ayarlar > Hücresel > eSIM Ekle menüsünden ya da telefonunuzun kamerasıyla okutun.',
    ios: 'iPhone (iOS 17.4 ve üzeri): bu bağlantıya dokunarak tek adımda kurun:',
    iosButton: 'iPhone’a tek dokunuşla kur',
    android:
      'Android (10 ve üzeri) veya elle kurulum: Ayarlar > Bağlantılar > SIM yöneticisi > eSIM ekle > Aktivasyon kodunu girin.',
    smdp: 'SM-DP+ adresi',
    matching: 'Aktivasyon kodu',
    lpa: 'LPA kodu (tamamı)',
    secret:
      'Bu bilgiler eSIM’inizi kurmaya yeter: kimseyle paylaşmayın. Bu e-postayı siz istemediyseniz hesabınızın şifresini değiştirin.',
  },
  en: {
    subject: (m: InstallMail) => `Your eSIM install details (${m.orderNumber})`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (m: InstallMail) =>
      `Here are the install details of your ${planName(m, 'en')} package. Open this e-mail on the phone you will install the eSIM on, or scan the QR code from another screen.`,
    esim: (n: number | null, iccid: string) => `eSIM${n === null ? '' : ` ${n}`} (ICCID ${iccid})`,
    qr: 'QR code: scan it under Settings > Cellular > Add eSIM or with your phone camera.',
    ios: 'iPhone (iOS 17.4 or later): tap this link to install in one step:',
    iosButton: 'Install on iPhone with one tap',
    android:
      'Android (10 or later) or manual entry: Settings > Connections > SIM manager > Add eSIM > Enter activation code.',
    smdp: 'SM-DP+ address',
    matching: 'Activation code',
    lpa: 'LPA code (whole)',
    secret:
      'These details are enough to install your eSIM: do not share them. If you did not ask for this e-mail, change your account password.',
  },
} as const;

const cidOf = (iccid: string) => `qr-${iccid}@esim`;

export function installMail(mail: InstallMail, to: { email: string; fullName: string }): OutgoingMail {
  const locale: Locale = mail.locale;
  const t = texts[locale];
  const code = (value: string) => `<code style="font-size:15px;word-break:break-all">${escapeHtml(value)}</code>`;
  const text: string[] = [t.greeting(to.fullName), '', t.intro(mail)];
  const html: string[] = [`<p>${escapeHtml(t.greeting(to.fullName))}</p>`, `<p>${escapeHtml(t.intro(mail))}</p>`];
  mail.esims.forEach((esim, i) => {
    const heading = t.esim(mail.esims.length > 1 ? i + 1 : null, esim.iccid);
    text.push(
      '',
      heading,
      t.qr,
      t.ios,
      esim.iosInstallUrl,
      t.android,
      `${t.smdp}: ${esim.smdpAddress}`,
      `${t.matching}: ${esim.matchingId}`,
      `${t.lpa}: ${esim.activationCode}`,
    );
    html.push(
      `<h2 style="font-size:17px">${escapeHtml(heading)}</h2>`,
      `<p><img src="cid:${cidOf(esim.iccid)}" alt="${escapeHtml(heading)}" width="240" height="240"></p>`,
      `<p>${escapeHtml(t.qr)}</p>`,
      `<p>${escapeHtml(t.ios)}<br><a href="${escapeHtml(esim.iosInstallUrl)}">${escapeHtml(t.iosButton)}</a></p>`,
      `<p>${escapeHtml(t.android)}</p>`,
      `<p>${escapeHtml(t.smdp)}: ${code(esim.smdpAddress)}<br>${escapeHtml(t.matching)}: ${code(esim.matchingId)}<br>${escapeHtml(t.lpa)}: ${code(esim.activationCode)}</p>`,
    );
  });
  text.push('', t.secret);
  html.push(`<p style="color:#555">${escapeHtml(t.secret)}</p>`);
  return {
    to: to.email,
    subject: t.subject(mail),
    text: text.join('\n'),
    html: html.join('\n'),
    attachments: mail.esims.map((esim) => ({
      filename: `${esim.iccid}.png`,
      content: Buffer.from(esim.qrPngBase64, 'base64'),
      contentType: 'image/png',
      cid: cidOf(esim.iccid),
    })),
  };
}
