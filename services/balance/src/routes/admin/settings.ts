import {
  balanceSettingsSchema,
  isValidIban,
  nonNegativeEuroAmount,
  positiveEuroAmount,
  responds,
} from '@esim/contracts';
import { ok, type CreatedServiceApp } from '@esim/platform';
import { z } from 'zod';
import type { BalanceContext } from '../../context';
import { readShopSettings, shopSettingsView, writeShopSettings } from '../../settings/shop-settings';

const name = z.string().trim().min(1).max(140);
/**
 * PUT /admin/balance/settings: the settings to change (amounts in euros); one left out keeps its
 * value. The IBAN must pass ISO 13616's mod 97, whatever the mode, so no typo reaches a customer.
 */
const settingsBody = z.object({
  account_holder: name.optional(),
  bank_name: name.optional(),
  iban: z.string().trim().max(64).refine(isValidIban, { message: 'iban_invalid' }).optional(),
  deposit_max: positiveEuroAmount.optional(),
  confirm_retype_above: nonNegativeEuroAmount.optional(),
});

/** The shop's money settings for admins: the bank account customers pay into and the limits of bank deposits. */
export function settingsRoutes(app: CreatedServiceApp, ctx: BalanceContext): void {
  app.get(
    '/admin/balance/settings',
    { schema: { tags: ['admin'], response: responds(200, balanceSettingsSchema) } },
    async (_request, reply) => ok(reply, shopSettingsView(await readShopSettings(app.db, ctx.shop))),
  );

  // Written at once to the one row every request reads, so the next deposit and confirmation follow it; the platform audits the write.
  app.put(
    '/admin/balance/settings',
    { schema: { tags: ['admin'], body: settingsBody, response: responds(200, balanceSettingsSchema) } },
    async (request, reply) => {
      const settings = await app.db.transaction((trx) =>
        writeShopSettings(trx, request.body, request.user!.id, ctx.shop),
      );
      return ok(reply, shopSettingsView(settings), 'settings_updated');
    },
  );
}
