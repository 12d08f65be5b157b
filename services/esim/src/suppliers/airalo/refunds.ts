import type { Knex } from 'knex';
import { AiraloUnavailable, type AiraloClient } from './client';
import type { AiraloLog } from './orders';
import { isObject, refusalOf } from './wire';

export interface RefundSettings {
  client: AiraloClient;
  log: AiraloLog;
}

/**
 * Airalo cannot cancel, suspend or revoke an eSIM; a refunded eSIM is ended by a refund request
 * (POST /v2/refund, reviewed by Airalo by hand and paid back as Airalo credit), filed once per eSIM.
 * The request is written before Airalo is asked, so two drivers never file it twice at once; one whose
 * answer was lost is filed again, and Airalo's refusal of a repeat resolves it like any refusal.
 */
export function createRefunds(settings: RefundSettings) {
  return {
    async revoke(db: Knex, profile: { id: string; iccid: string; orderId: string }): Promise<void> {
      await db('airalo_refund_requests')
        .insert({ profile_id: profile.id, iccid: profile.iccid, order_id: profile.orderId, reason: 'OTHERS' })
        .onConflict('profile_id')
        .ignore();
      const row = (await db('airalo_refund_requests').where({ profile_id: profile.id }).first()) as {
        status: 'filing' | 'filed' | 'refused';
        reason: string;
        attempts: number;
      };
      if (row.status !== 'filing') return;
      const claimed = await db('airalo_refund_requests')
        .where({ profile_id: profile.id, status: 'filing', attempts: row.attempts })
        .update({ attempts: row.attempts + 1, updated_at: db.fn.now() });
      if (claimed !== 1)
        throw new AiraloUnavailable(`Airalo refund of ${profile.iccid}: being filed by another driver`);
      const answer = await settings.client.request('POST', '/refund', {
        form: {
          iccids: [profile.iccid],
          reason: row.reason,
          notes: `Refunded to our customer (our order ${profile.orderId}); the eSIM is no longer used.`,
        },
      });
      if (answer.status === 200 || answer.status === 202) {
        const data = isObject(answer.body) && isObject(answer.body.data) ? answer.body.data : {};
        await db('airalo_refund_requests')
          .where({ profile_id: profile.id })
          .update({
            status: 'filed',
            refund_ref: data.refund_id === undefined ? null : String(data.refund_id),
            detail: null,
            filed_at: db.fn.now(),
            updated_at: db.fn.now(),
          });
        return;
      }
      if (answer.status === 422) {
        // Airalo will not take it (not its eSIM, asked already): nothing more we can file; the admin sees why.
        const detail = refusalOf(answer.body, false).detail;
        settings.log.warn({ iccid: profile.iccid, detail }, 'Airalo refused the refund request of a refunded eSIM');
        await db('airalo_refund_requests')
          .where({ profile_id: profile.id })
          .update({ status: 'refused', detail: detail.slice(0, 1000), updated_at: db.fn.now() });
        return;
      }
      throw new AiraloUnavailable(
        `Airalo refund of ${profile.iccid}: answered ${answer.status}`,
        answer.retryAfterSeconds,
      );
    },
  };
}
