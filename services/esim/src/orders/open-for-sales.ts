import type { EsimContext } from '../context';

/**
 * Production sells only under a complete legal entity (name, address, tax office, VKN, MERSİS): the
 * documents a buyer accepts and the receipt must name who sells. Checked with the 30-second cached
 * identity before anything is placed; demo mode always sells.
 */
export async function refuseSalesUntilOpen(ctx: EsimContext, requestId: string): Promise<void> {
  if (ctx.config.APP_MODE === 'production') await ctx.shop.assertOpenForSales(requestId);
}
