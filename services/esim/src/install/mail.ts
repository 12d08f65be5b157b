import type { Knex } from 'knex';
import { AppError, notFound, publish, type AuthUser } from '@esim/platform';
import { USER_TYPE, type InstallMailAnswer, type Locale } from '@esim/contracts';
import { findOrder, profilesOf } from '../orders/queries';
import { qrPng } from '../profiles/qr';
import { isWithdrawn } from '../profiles/status';
import { activationCode, iosInstallUrl } from '../profiles/views';
import { installState } from './state';
import { planTitles } from '../orders/plan-title';
import { type ProfileRow } from '../rows';

const HOUR_SECONDS = 3600;

/**
 * "Send to my e-mail" (and a dealer's "send to customer", `toCustomer`: the same details to the
 * order's customer, in the dealer's name): the install details (QR png, SM-DP+ address, activation
 * code, the iOS link) of the order's eSIMs that are ready to install, published in the caller's
 * transaction (the route's idempotent one) for the auth service to mail. At most `perHour` per
 * order and hour:
 * the order row is locked, so parallel requests count each other.
 */
export async function requestInstallMail(
  trx: Knex.Transaction,
  user: AuthUser,
  orderRef: string,
  options: { locale: Locale; perHour: number; toCustomer?: boolean },
): Promise<InstallMailAnswer & { customer?: { name: string; email: string } }> {
  const found = await findOrder(trx, user, orderRef);
  // Only the order's own dealer mails its customer; anyone else (an admin too) is told the order does not exist.
  if (options.toCustomer && found.user_id !== user.id) throw notFound('esim_order_not_found');
  if (options.toCustomer && user.userType !== USER_TYPE.dealer)
    throw new AppError(400, 'esim_customer_dealers_only', {
      errors: [{ path: 'customer', message: 'esim_customer_dealers_only' }],
    });
  const order = await trx('orders')
    .where({ id: found.id })
    .forUpdate()
    .first(
      'id',
      'order_number',
      'user_id',
      'package_name_tr',
      'package_name_en',
      'package_type',
      'countries',
      'data_mb',
      'validity_days',
      'customer_name',
      'customer_email',
    );
  const customer =
    options.toCustomer && order.customer_email
      ? { name: (order.customer_name as string | null) ?? '', email: order.customer_email as string }
      : undefined;
  if (options.toCustomer && !customer) throw new AppError(409, 'customer_mail_no_email');
  const ready = (await profilesOf(trx, order.id)).filter((p) => !isWithdrawn(p) && installState(p) === 'ready');
  if (ready.length === 0) throw new AppError(409, 'install_mail_nothing_to_send');

  const recent = (await trx('install_mails')
    .where({ order_id: order.id })
    .where('created_at', '>', trx.raw(`now() - interval '1 hour'`))
    .orderBy('created_at', 'asc')
    .select('created_at')) as Array<{ created_at: Date }>;
  if (recent.length >= options.perHour) {
    const retryAfter = Math.max(
      1,
      Math.ceil(HOUR_SECONDS - (Date.now() - new Date(recent[0]!.created_at).getTime()) / 1000),
    );
    throw new AppError(429, 'install_mail_rate_limited', {
      params: { retryAfter },
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  const [mail] = await trx('install_mails')
    .insert({ order_id: order.id, user_id: order.user_id, locale: options.locale, to_customer: Boolean(customer) })
    .returning(['id', 'created_at']);
  const esims = await installDetailsOf(ready);
  await publish(trx, 'esim', {
    type: 'esim.order.install-mail',
    aggregateId: order.id,
    payload: {
      orderId: order.id,
      userId: order.user_id,
      orderNumber: order.order_number,
      packageNameTr: order.package_name_tr,
      packageNameEn: order.package_name_en,
      ...planTitles(order),
      locale: options.locale,
      esims,
      ...(customer ? { customer } : {}),
    },
  });
  return {
    order_id: order.id,
    esim_count: esims.length,
    requested_at: new Date(mail.created_at).toISOString(),
    ...(customer ? { customer } : {}),
  };
}

/** How to install each of `profiles`, with its QR png, as the install and receipt mails print it. */
export function installDetailsOf(profiles: ProfileRow[]) {
  return Promise.all(
    profiles.map(async (p) => {
      const lpa = activationCode(p);
      return {
        iccid: p.iccid,
        smdpAddress: p.smdp_address,
        matchingId: p.matching_id,
        activationCode: lpa,
        iosInstallUrl: iosInstallUrl(lpa),
        confirmationCodeRequired: p.confirmation_code_required,
        qrPngBase64: (await qrPng(lpa)).toString('base64'),
      };
    }),
  );
}
