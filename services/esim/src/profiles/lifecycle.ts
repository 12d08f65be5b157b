import type { Knex } from 'knex';
import { publish } from '@esim/platform';
import { planTitles } from '../orders/plan-title';

/** Scheduled lifecycle steps (run by the recovery loop): expiry, and the reminder 1 day before it. */
export async function expireDueProfiles(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    const expired = (await trx('profiles')
      .whereIn('status', ['active', 'suspended', 'used'])
      .where('expires_at', '<=', trx.fn.now())
      .update({ status: 'expired', updated_at: trx.fn.now() })
      .returning(['id', 'iccid', 'order_id', 'user_id'])) as Array<{
      id: string;
      iccid: string;
      order_id: string;
      user_id: string;
    }>;
    for (const p of expired) {
      await publish(trx, 'esim', {
        type: 'esim.profile.expired',
        aggregateId: p.id,
        payload: { esimId: p.id, iccid: p.iccid, orderId: p.order_id, userId: p.user_id },
      });
    }
    return expired.length;
  });
}

export async function sendExpiryReminders(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    const due = await trx.raw(
      `UPDATE profiles p SET alert_expiry_sent_at = now()
         FROM orders o
        WHERE o.id = p.order_id AND p.status IN ('active', 'suspended') AND p.alert_expiry_sent_at IS NULL
          AND p.expires_at > now() AND p.expires_at <= now() + interval '1 day'
        RETURNING p.id, p.iccid, p.order_id, p.user_id, p.data_used_bytes, p.data_total_bytes, p.expires_at,
                  o.order_number, o.package_name_tr, o.package_name_en, o.package_type, o.countries, o.data_mb,
                  o.validity_days, o.locale`,
    );
    for (const p of due.rows as Array<{
      id: string;
      iccid: string;
      order_id: string;
      user_id: string;
      data_used_bytes: string;
      data_total_bytes: string | null;
      expires_at: Date;
      order_number: string;
      package_name_tr: string;
      package_name_en: string;
      package_type: string;
      countries: string[];
      data_mb: number | null;
      validity_days: number;
      locale: string;
    }>) {
      await publish(trx, 'esim', {
        type: 'esim.profile.usage-alert',
        aggregateId: p.id,
        payload: {
          esimId: p.id,
          iccid: p.iccid,
          orderId: p.order_id,
          userId: p.user_id,
          kind: 'expiry-1d',
          orderNumber: p.order_number,
          packageNameTr: p.package_name_tr,
          packageNameEn: p.package_name_en,
          ...planTitles(p),
          usedBytes: Number(p.data_used_bytes),
          totalBytes: p.data_total_bytes === null ? null : Number(p.data_total_bytes),
          expiresAt: new Date(p.expires_at).toISOString(),
          locale: p.locale === 'en' ? 'en' : 'tr',
        },
      });
    }
    return due.rows.length;
  });
}
