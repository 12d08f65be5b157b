import { fieldError } from '@esim/platform';
import * as zxcvbnCore from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import type { Locale } from '@esim/contracts';

/**
 * The server's password-strength rule, on every password being set (register, reset, change):
 * zxcvbn-ts with its common-password, name and keyboard lists estimates how guessable it is, and
 * anything below "safely unguessable" (score 3 of 4) is a 400 naming the field and what is weak.
 * The length rules (8-128) and "not the email" stay where they are; this runs after them.
 *
 * Cost: zxcvbn's matching grows fast with length and with l33t-looking characters, and it runs
 * on the event loop, so only the first 64 characters are rated (the rest only adds strength) and
 * l33t substitutions are capped; the worst case is then tens of milliseconds, and every route that
 * sets a password is rate limited.
 */
export const MIN_PASSWORD_SCORE = 3;
const RATED_LENGTH = 64;

const { ZxcvbnFactory } = zxcvbnCore;
const checker = new ZxcvbnFactory({
  dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
  graphs: zxcvbnCommon.adjacencyGraphs,
  translations: zxcvbnEn.translations,
  l33tMaxSubstitutions: 4,
  maxLength: RATED_LENGTH,
});

/** zxcvbn's warning → our message code (each names the weakness in tr and en). */
const WEAKNESS_BY_WARNING: Record<string, string> = {
  topTen: 'password_weak_common',
  topHundred: 'password_weak_common',
  common: 'password_weak_common',
  similarToCommon: 'password_weak_common',
  pwned: 'password_weak_common',
  simpleRepeat: 'password_weak_repeated',
  extendedRepeat: 'password_weak_repeated',
  sequences: 'password_weak_sequence',
  straightRow: 'password_weak_keyboard',
  keyPattern: 'password_weak_keyboard',
  recentYears: 'password_weak_dates',
  dates: 'password_weak_dates',
  wordByItself: 'password_weak_words',
  namesByThemselves: 'password_weak_words',
  commonNames: 'password_weak_words',
  userInputs: 'password_weak_personal',
};

const translatedWarnings = new Map(Object.entries(zxcvbnEn.translations.warnings).map(([key, text]) => [text, key]));

export interface PasswordRating {
  score: number;
  /** Our message code for what is weak; null when strong enough. */
  weakness: string | null;
}

/** Rates a password; `personal` are the account's own words (email, its local part, name), which make a password guessable. */
export function ratePassword(password: string, personal: readonly string[] = []): PasswordRating {
  const words = personal.flatMap((value) => [value, ...value.split(/[@.\s_-]+/)]).filter((word) => word.length >= 3);
  const result = checker.check(password.slice(0, RATED_LENGTH), words);
  if (result.score >= MIN_PASSWORD_SCORE) return { score: result.score, weakness: null };
  const warningKey = result.feedback.warning ? translatedWarnings.get(result.feedback.warning) : undefined;
  return { score: result.score, weakness: (warningKey && WEAKNESS_BY_WARNING[warningKey]) ?? 'password_weak' };
}

/** A 400 naming the field and the weakness when the password is too easy to guess. */
export function assertPasswordStrong(
  password: string,
  personal: readonly string[],
  locale: Locale,
  field = 'password',
): void {
  const { weakness } = ratePassword(password, personal);
  if (weakness) throw fieldError(400, weakness, field, locale);
}
