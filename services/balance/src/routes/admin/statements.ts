import { AppError, notFound, type CreatedServiceApp } from '@esim/platform';
import type { BalanceContext } from '../../context';
import { getParty, isDealer } from '../../parties/parties';
import { answerStatement, dealerStatementParams, statementFormatQuery, statementResponses } from '../user/statements';

/** Any dealer's monthly statement, as the dealer reads its own (JSON, PDF or xlsx). */
export function statementRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  app.get(
    '/admin/dealers/:id/statements/:month',
    {
      schema: {
        tags: ['admin'],
        params: dealerStatementParams,
        querystring: statementFormatQuery,
        response: statementResponses,
      },
    },
    async (request, reply) => {
      const dealer = await getParty(app.db, request.params.id);
      if (!dealer || dealer.deleted_at) throw notFound('dealer_not_found');
      if (!isDealer(dealer)) throw new AppError(422, 'not_a_dealer');
      return answerStatement(app, ctx, request, reply, dealer.id, request.params.month, request.query.format);
    },
  );
}
