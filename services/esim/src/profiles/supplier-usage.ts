import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Supplier } from '../provider/supplier';
import { esimChanged } from '../suppliers/notices';
import { isWithdrawn } from './views';
import { type ProfileRow } from '../rows';

/**
 * A supplier's eSIM with its supplier's latest figures: read through the adapter's `esimStatus`
 * (cached by the adapter, so the supplier is asked no more often than its cache allows), applied to
 * our row as a usage report is (the 80 % and 100 % mails follow; the event id is the supplier, its
 * ref and the figures' time, so the same figures are applied once however they came), and the row
 * read again. Called outside any transaction of ours: the supplier may take its time.
 *
 * The pool's eSIM, one that has ended, one whose supplier is not configured here, and one whose
 * supplier cannot be reached now answer the row as it is: the page shows what we have.
 */
export async function withSupplierUsage(
  db: Knex,
  suppliers: readonly Supplier[],
  profile: ProfileRow,
  log: FastifyBaseLogger,
): Promise<ProfileRow> {
  if (!profile.supplier || profile.supplier === 'pool' || !profile.order_id) return profile;
  // An ended eSIM keeps the figures it ended with: its supplier is not asked.
  if (isWithdrawn(profile) || profile.status === 'expired') return profile;
  const supplier = suppliers.find((candidate) => candidate.name === profile.supplier);
  if (!supplier) return profile;
  let status;
  try {
    status = await supplier.esimStatus(db, { id: profile.id, iccid: profile.iccid });
  } catch (error) {
    log.warn({ err: error, esimId: profile.id, supplier: supplier.name }, 'supplier usage unavailable: ours answered');
    return profile;
  }
  if (status.state === 'unknown' && status.updatedAt === null) return profile;
  await esimChanged(
    db,
    supplier,
    {
      kind: 'esim',
      iccid: profile.iccid,
      supplierRef: profile.supplier_ref ?? null,
      // Figures the supplier does not date could not be told from a repeat: only dated ones are applied.
      status: status.updatedAt === null ? { ...status, usedBytes: null } : status,
    },
    log,
    'provider',
  );
  return ((await db('profiles').where({ id: profile.id }).first()) as ProfileRow | undefined) ?? profile;
}
