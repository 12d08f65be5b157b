import type { EventPayload, Locale } from '@esim/contracts';
import { button, heading, text, type Block, type Mail, type MailAttachment } from './content';
import { planName } from './plan-name';

/**
 * "Send to my e-mail": the install details of an order's eSIMs, so they can be installed from a
 * phone that cannot scan its own screen. Per eSIM: the QR png inline (a CID attachment, shown by
 * mail apps without loading anything from the web), the SM-DP+ address and activation code for
 * Android's manual entry, and the iOS 17.4+ one-tap install link. In the language the buyer asked in.
 */
type InstallMail = EventPayload<'esim.order.install-mail'>;
export type InstallDetails = InstallMail['esims'][number];

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

/** Per eSIM: its QR inline, the iPhone and Android ways to install it, and the codes for manual entry. */
export function installBlocks(esims: InstallDetails[], locale: Locale): Block[] {
  const t = texts[locale];
  return esims.flatMap((esim, i) => {
    const title = t.esim(esims.length > 1 ? i + 1 : null, esim.iccid);
    return [
      heading(title),
      { kind: 'image', cid: cidOf(esim.iccid), alt: title, size: 240 },
      text(t.qr),
      text(t.ios),
      button(esim.iosInstallUrl, t.iosButton),
      text(t.android),
      {
        kind: 'codes',
        rows: [
          { label: t.smdp, value: esim.smdpAddress },
          { label: t.matching, value: esim.matchingId },
          { label: t.lpa, value: esim.activationCode },
        ],
      },
    ] satisfies Block[];
  });
}

/** The QR pngs the install blocks show, each under the Content-ID its image names. */
export function qrAttachments(esims: InstallDetails[]): MailAttachment[] {
  return esims.map((esim) => ({
    filename: `${esim.iccid}.png`,
    content: Buffer.from(esim.qrPngBase64, 'base64'),
    contentType: 'image/png',
    cid: cidOf(esim.iccid),
  }));
}

const customerTexts = {
  tr: {
    subject: (m: InstallMail, dealer: string) => `${dealer}: eSIM kurulum bilgileriniz (${m.orderNumber})`,
    greeting: (name: string, dealer: string, m: InstallMail) =>
      `Merhaba${name ? ` ${name}` : ''}, ${dealer} olarak ${planName(m, 'tr')} paketinizin eSIM kurulum bilgilerini gönderiyoruz.`,
    intro: 'eSIM’i kuracağınız telefonda bu e-postayı açın veya QR kodu başka bir ekrandan okutun.',
    secret: (dealer: string) =>
      `Bu bilgiler eSIM’inizi kurmaya yeter: kimseyle paylaşmayın. Sorularınız için ${dealer} ile iletişime geçin; bu e-postayı yanıtlamanız yeterli.`,
    regards: (dealer: string) => `Saygılarımızla, ${dealer}`,
  },
  en: {
    subject: (m: InstallMail, dealer: string) => `${dealer}: your eSIM install details (${m.orderNumber})`,
    greeting: (name: string, dealer: string, m: InstallMail) =>
      `Hello${name ? ` ${name}` : ''}, ${dealer} here with the install details of your ${planName(m, 'en')} eSIM package.`,
    intro: 'Open this e-mail on the phone you will install the eSIM on, or scan the QR code from another screen.',
    secret: (dealer: string) =>
      `These details are enough to install your eSIM: do not share them. For any question, contact ${dealer}: replying to this e-mail is enough.`,
    regards: (dealer: string) => `Kind regards, ${dealer}`,
  },
} as const;

/**
 * "Send to customer": a dealer's order's install details mailed to its end customer in the dealer's
 * name (From, header, greeting and signature are the dealer's company; replies go to the dealer),
 * the shop named only as the technical sender in the footer.
 */
export function customerInstallMail(
  mail: InstallMail,
  to: { email: string; name: string },
  dealer: { companyName: string; email: string },
): Mail {
  const locale: Locale = mail.locale;
  const t = customerTexts[locale];
  const name = dealer.companyName;
  return {
    to: to.email,
    subject: t.subject(mail, name),
    locale,
    onBehalfOf: { name, replyTo: dealer.email },
    blocks: [
      text(t.greeting(to.name, name, mail)),
      text(t.intro),
      ...installBlocks(mail.esims, locale),
      text(t.secret(name), true),
      text(t.regards(name)),
    ],
    attachments: qrAttachments(mail.esims),
  };
}

export function installMail(mail: InstallMail, to: { email: string; fullName: string }): Mail {
  const locale: Locale = mail.locale;
  const t = texts[locale];
  return {
    to: to.email,
    subject: t.subject(mail),
    locale,
    blocks: [
      text(t.greeting(to.fullName)),
      text(t.intro(mail)),
      ...installBlocks(mail.esims, locale),
      text(t.secret, true),
    ],
    attachments: qrAttachments(mail.esims),
  };
}
