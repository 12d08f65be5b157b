import { translate, type FieldError, type Locale, type MessageCode } from '@esim/contracts';

/**
 * An error a caller can act on: a stable `code` (translated into the caller's language by the
 * error handler), an HTTP status, optional field errors and placeholder values.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode | (string & {}),
    readonly options: {
      params?: Record<string, string | number>;
      errors?: FieldError[];
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
  }
}

export const badRequest = (code: string = 'validation_error', errors?: FieldError[]) =>
  new AppError(400, code, { errors });
export const unauthorized = (code: 'unauthorized' | 'token_expired' | (string & {}) = 'unauthorized') =>
  new AppError(401, code);
export const forbidden = (code: string = 'forbidden') => new AppError(403, code);
export const notFound = (code: string = 'not_found') => new AppError(404, code);
export const conflict = (code: string = 'conflict', params?: Record<string, string | number>) =>
  new AppError(409, code, { params });
export const unprocessable = (code: string, params?: Record<string, string | number>) =>
  new AppError(422, code, { params });

/** A purchase the buyer's balance (and credit limit) cannot cover, with the figures its message and detail show. */
export const insufficientBalanceError = (figures: { available: string; credit_left?: string }) =>
  new AppError(422, 'insufficient_balance', {
    params: figures,
    ...(figures.credit_left ? { errors: [{ path: 'credit_left', message: 'insufficient_balance_credit_left' }] } : {}),
  });

/**
 * An error about one field found after schema validation (a rule that needs the database or
 * another field): the code is the message, and `errors` names the field like a schema failure does.
 */
export function fieldError(status: number, code: string, path: string, locale: Locale): AppError {
  return new AppError(status, code, { errors: [{ path, message: translate(code, locale) }] });
}

/** A request part failed its zod schema: carries the issues so the handler can localise each one. */
export class RequestValidationError extends Error {
  constructor(
    readonly part: string,
    readonly issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string } & Record<string, unknown>>,
  ) {
    super(`Invalid ${part}`);
    this.name = 'RequestValidationError';
  }
}
