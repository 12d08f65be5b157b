import { translate, type Locale } from '@esim/contracts';
import { AppError } from '@esim/platform';

/**
 * An error about one field found after schema validation (a rule that needs the database or
 * another field): the code is the message, and `errors` names the field like a schema failure does.
 */
export function fieldError(status: number, code: string, path: string, locale: Locale): AppError {
  return new AppError(status, code, { errors: [{ path, message: translate(code, locale) }] });
}
