import { translate, type BulkDecisionResult, type Locale } from '@esim/contracts';
import { AppError } from '../errors';

/**
 * Decides each request on its own, in order, by the caller's `decide` (the single request's rule in its
 * own transaction, so one refusal leaves the others decided and the row lock lets racing bulks decide each
 * once). `decide` answers `already` when the request was decided this way before; a refusal (an AppError
 * below 500) is that request's answer in the caller's language, anything else fails the whole request.
 */
export async function decideEach(
  ids: readonly string[],
  locale: Locale,
  doneCode: string,
  decide: (id: string) => Promise<'decided' | 'already'>,
): Promise<BulkDecisionResult> {
  const results: BulkDecisionResult['results'] = [];
  for (const id of ids) {
    try {
      const outcome = await decide(id);
      const code = outcome === 'decided' ? doneCode : 'bulk_already_decided';
      results.push({ id, outcome, code, message: translate(code, locale) });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      results.push({
        id,
        outcome: 'refused',
        code: error.code,
        message: translate(error.code, locale, error.options.params),
      });
    }
  }
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  return { decided: count('decided'), already: count('already'), refused: count('refused'), results };
}

/** A request found no longer pending because it was already decided `as`: the `already` answer, not a refusal. */
export const alreadyDecidedAs = (error: unknown, notPendingCode: string, as: string): boolean =>
  error instanceof AppError && error.code === notPendingCode && error.options.params?.status === as;
