import type { Locale } from '@esim/contracts';
import type { OutgoingMail } from './mailer';

/** The two account emails, in Turkish (default) or English: a reset link and a set-password invitation. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface LinkMail {
  to: string;
  fullName: string;
  link: string;
}

interface MailTexts {
  subject: string;
  intro: string;
  validity: (amount: number) => string;
  ignore: string;
  button: string;
  greeting: (name: string) => string;
}

const texts: Record<'reset' | 'invitation', Record<Locale, MailTexts>> = {
  reset: {
    tr: {
      subject: 'Şifre sıfırlama talebiniz',
      intro:
        'Hesabınız için bir şifre sıfırlama talebi aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı açın:',
      validity: (minutes: number) => `Bağlantı ${minutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir.`,
      ignore: 'Bu talebi siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmeyecek.',
      button: 'Şifremi sıfırla',
      greeting: (name: string) => `Merhaba ${name},`,
    },
    en: {
      subject: 'Your password reset request',
      intro:
        'We received a request to reset the password of your account. Open the link below to choose a new password:',
      validity: (minutes: number) => `The link is valid for ${minutes} minutes and can be used once.`,
      ignore: 'If you did not ask for this, ignore this email; your password will not change.',
      button: 'Reset my password',
      greeting: (name: string) => `Hello ${name},`,
    },
  },
  invitation: {
    tr: {
      subject: 'Hesabınız oluşturuldu: şifrenizi belirleyin',
      intro: 'Sizin için bir hesap oluşturuldu. Giriş yapabilmek için aşağıdaki bağlantıdan şifrenizi belirleyin:',
      validity: (hours: number) => `Bağlantı ${hours} saat geçerlidir ve yalnızca bir kez kullanılabilir.`,
      ignore: 'Bu hesabı beklemiyorsanız bu e-postayı dikkate almayın.',
      button: 'Şifremi belirle',
      greeting: (name: string) => `Merhaba ${name},`,
    },
    en: {
      subject: 'Your account was created: choose your password',
      intro: 'An account was created for you. Choose your password through the link below to sign in:',
      validity: (hours: number) => `The link is valid for ${hours} hours and can be used once.`,
      ignore: 'If you did not expect this account, ignore this email.',
      button: 'Choose my password',
      greeting: (name: string) => `Hello ${name},`,
    },
  },
};

function render(t: MailTexts, mail: LinkMail, validity: number): OutgoingMail {
  const lines = [t.greeting(mail.fullName), '', t.intro, mail.link, '', t.validity(validity), t.ignore];
  const html = `<p>${escapeHtml(t.greeting(mail.fullName))}</p>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(mail.link)}">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(mail.link)}</p>
<p>${escapeHtml(t.validity(validity))}<br>${escapeHtml(t.ignore)}</p>`;
  return { to: mail.to, subject: t.subject, text: lines.join('\n'), html };
}

export function passwordResetMail(locale: Locale, mail: LinkMail, validMinutes: number): OutgoingMail {
  return render(texts.reset[locale], mail, validMinutes);
}

export function invitationMail(locale: Locale, mail: LinkMail, validHours: number): OutgoingMail {
  return render(texts.invitation[locale], mail, validHours);
}

interface LockoutTexts {
  subject: string;
  greeting: (name: string) => string;
  body: (failures: number) => string;
  advice: string;
}

const lockoutTexts: Record<Locale, LockoutTexts> = {
  tr: {
    subject: 'Hesabınızda çok sayıda başarısız giriş denemesi',
    greeting: (name) => `Merhaba ${name},`,
    body: (failures) =>
      `Hesabınıza son zamanlarda ${failures} kez hatalı şifreyle giriş denendi. Güvenliğiniz için yeni denemeler artık giderek uzayan aralıklarla kabul ediliyor; hesabınız kilitlenmedi.`,
    advice:
      'Bu denemeleri siz yapmadıysanız şifrenizi aşağıdaki bağlantıdan yenileyin. Şifre yenilendiğinde bekleme süresi de sona erer.',
  },
  en: {
    subject: 'Many failed sign-in attempts on your account',
    greeting: (name) => `Hello ${name},`,
    body: (failures) =>
      `Someone recently tried to sign in to your account with a wrong password ${failures} times. To protect you, further attempts are now accepted only at growing intervals; your account is not locked.`,
    advice:
      'If this was not you, choose a new password through the link below. Resetting the password also ends the waiting time.',
  },
};

/** Told to the account owner when failed logins across all addresses trip the growing delays. */
export function loginLockoutMail(locale: Locale, mail: LinkMail, failures: number): OutgoingMail {
  const t = lockoutTexts[locale];
  const lines = [t.greeting(mail.fullName), '', t.body(failures), '', t.advice, mail.link];
  const html = `<p>${escapeHtml(t.greeting(mail.fullName))}</p>
<p>${escapeHtml(t.body(failures))}</p>
<p>${escapeHtml(t.advice)}</p>
<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`;
  return { to: mail.to, subject: t.subject, text: lines.join('\n'), html };
}
