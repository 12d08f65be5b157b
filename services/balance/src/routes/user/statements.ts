import { responds, statementFormatSchema, statementSchema, USER_TYPE } from '@esim/contracts';
import { fieldError, forbidden, ok, type CreatedServiceApp } from '@esim/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { BalanceContext } from '../../context';
import { statementFileName, statementPdf, statementXlsx } from '../../statements/render';
import { dealerStatement, isFutureMonth } from '../../statements/statements';
import { personId } from '../../schemas';

/** A month of this century: earlier years hold no statement (and break date arithmetic). */
const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;
/** `2026-11`, or with the file it asks for: `2026-11.pdf`, `2026-11.xlsx`. */
const monthParam = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])(\.(pdf|xlsx))?$/, { message: 'statement_month_invalid' });
export const statementFormatQuery = z.object({ format: statementFormatSchema.optional() });
const monthQuery = statementFormatQuery.extend({
  month: z.string({ message: 'statement_month_invalid' }).regex(MONTH, { message: 'statement_month_invalid' }),
});
const ownParams = z.object({ month: monthParam });
/** A dealer's statement as its sales manager or an admin asks for it. */
export const dealerStatementParams = z.object({ id: personId, month: monthParam });

// The same routes answer the PDF or the workbook (a file, not the envelope) when asked for one.
export const statementResponses = responds(200, statementSchema);

/**
 * A dealer's monthly statement as the dealer itself, its sales manager and admins ask for it: the JSON
 * figures, or the same statement as a PDF or an Excel workbook, in the reader's language.
 */
export async function answerStatement(
  app: CreatedServiceApp,
  ctx: BalanceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  dealerId: string,
  monthText: string,
  format: 'json' | 'pdf' | 'xlsx' | undefined,
) {
  const [month, extension] = monthText.split('.') as [string, 'pdf' | 'xlsx' | undefined];
  if (isFutureMonth(month)) throw fieldError(400, 'statement_month_future', 'month', request.locale);
  const statement = await dealerStatement(app.db, dealerId, month, request.locale);
  const wanted = extension ?? format ?? 'json';
  if (wanted === 'json') return ok(reply, statement);
  // The seller as the shop's identity names it now (auth, kept 30 s): a statement is read today.
  const seller = await ctx.identity.seller(String(request.id));
  const file =
    wanted === 'pdf'
      ? await statementPdf(statement, seller, request.locale)
      : await statementXlsx(statement, seller, request.locale);
  return reply
    .header(
      'content-type',
      wanted === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    .header('content-disposition', `attachment; filename="${statementFileName(statement, request.locale, wanted)}"`)
    .header('cache-control', 'private, no-store')
    .send(file);
}

/** The dealer's own statements (its sales manager's and the admin's routes answer with `answerStatement` too). */
export function statementRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  /** The caller's own: dealers only (retail customers share the role but keep no statement). */
  const ownDealer = (request: FastifyRequest) => {
    if (request.user!.userType !== USER_TYPE.dealer) throw forbidden('statement_dealers_only');
    return request.user!.id;
  };

  app.get(
    '/user/statements',
    { schema: { tags: ['user'], querystring: monthQuery, response: statementResponses } },
    async (request, reply) =>
      answerStatement(app, ctx, request, reply, ownDealer(request), request.query.month, request.query.format),
  );

  app.get(
    '/user/statements/:month',
    { schema: { tags: ['user'], params: ownParams, querystring: statementFormatQuery, response: statementResponses } },
    async (request, reply) =>
      answerStatement(app, ctx, request, reply, ownDealer(request), request.params.month, request.query.format),
  );
}
