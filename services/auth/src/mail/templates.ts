import type { Locale } from '@esim/contracts';
import { button, lines, link, text, type Mail } from './content';

/** The two account emails, in Turkish (default) or English: a reset link and a set-password invitation. */

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

function render(locale: Locale, t: MailTexts, mail: LinkMail, validity: number): Mail {
  return {
    to: mail.to,
    subject: t.subject,
    locale,
    blocks: [
      text(t.greeting(mail.fullName)),
      text(t.intro),
      button(mail.link, t.button),
      text(mail.link, true),
      lines([t.validity(validity), t.ignore]),
    ],
  };
}

export function passwordResetMail(locale: Locale, mail: LinkMail, validMinutes: number): Mail {
  return render(locale, texts.reset[locale], mail, validMinutes);
}

export function invitationMail(locale: Locale, mail: LinkMail, validHours: number): Mail {
  return render(locale, texts.invitation[locale], mail, validHours);
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
export function loginLockoutMail(locale: Locale, mail: LinkMail, failures: number): Mail {
  const t = lockoutTexts[locale];
  return {
    to: mail.to,
    subject: t.subject,
    locale,
    blocks: [text(t.greeting(mail.fullName)), text(t.body(failures)), text(t.advice), link('', mail.link)],
  };
}
