import { DEMO_ACCOUNTS, DEMO_LOOKUPS, DEMO_PLUS_PACKAGES } from '@esim/contracts';
import type { Db } from '@esim/platform';
import type { Knex } from 'knex';
import { eidWithCheck, iccidWithCheck } from './cards/identifiers';
import { writeHistory } from './cards/stock';

/** Bump when the demo data changes so existing demo databases receive it. */
export const DEMO_SEED = 'physical-sim-demo-v1';
const CARD_COUNT = 300;
const DAY = 24 * 3600 * 1000;

/** The demo card number i: serials 700100200001…, ICCIDs 8990 0110 0…, EIDs for every other card. */
export function demoCardIdentifiers(i: number) {
  const serial = String(700100200000 + i);
  return {
    serial_number: serial,
    iccid: iccidWithCheck(`899001100${String(i).padStart(9, '0')}`),
    eid: i % 2 === 0 ? eidWithCheck(`8904903200000000000000${String(i).padStart(8, '0')}`) : null,
  };
}

/**
 * Demo data (demo mode only, once per database): a few hundred cards in admin stock, some held by
 * the demo dealers, the balance-check demo serials (DEMO_LOOKUPS: one with an active data bundle,
 * one in stock), one pending order (by invoice: no balance hold) and one pending return.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (trx) => {
    const claimed = await trx('seed_runs').insert({ name: DEMO_SEED }).onConflict('name').ignore().returning('name');
    if (claimed.length === 0) return false;
    const dealers = DEMO_ACCOUNTS.filter((a) => a.role === 'dealer');
    for (const d of dealers) {
      await trx('dealers')
        .insert({ dealer_id: d.id, email: d.email, full_name: d.fullName, company_name: d.companyName ?? null })
        .onConflict('dealer_id')
        .ignore();
    }
    const now = Date.now();
    const cards = [];
    for (let i = 1; i <= CARD_COUNT; i += 1) {
      const pkg = DEMO_PLUS_PACKAGES[i % DEMO_PLUS_PACKAGES.length]!;
      // Cards 1-40 with the first dealer, 41-60 with the second, the rest in admin stock.
      const owner = i <= 40 ? dealers[0]!.id : i <= 60 ? dealers[1]!.id : null;
      cards.push({
        ...demoCardIdentifiers(i),
        package_id: pkg.id,
        package_code: pkg.code,
        package_name: pkg.nameTr,
        status: owner ? 'assigned' : 'in_stock',
        owner_user_id: owner,
        transferred_at: owner ? new Date(now - (i % 10) * DAY) : null,
        created_at: new Date(now - 20 * DAY + i * 1000),
      });
    }
    const inserted = (await trx('cards')
      .insert(cards)
      .onConflict('iccid')
      .ignore()
      .returning(['id', 'serial_number', 'status', 'owner_user_id'])) as Array<{
      id: string;
      serial_number: string;
      status: string;
      owner_user_id: string | null;
    }>;
    await writeHistory(
      trx,
      inserted.map((c) => ({
        cardId: c.id,
        action: 'imported',
        fromStatus: null,
        toStatus: 'in_stock',
        fromOwner: null,
        toOwner: null,
        reason: 'demo seed',
        actorId: 'seed',
      })),
    );
    await writeHistory(
      trx,
      inserted
        .filter((c) => c.owner_user_id)
        .map((c) => ({
          cardId: c.id,
          action: 'transferred',
          fromStatus: 'in_stock',
          toStatus: 'assigned',
          fromOwner: null,
          toOwner: c.owner_user_id,
          reason: 'demo seed',
          actorId: 'seed',
        })),
    );
    await seedLookupCards(trx, dealers[0]!.id, now);
    await seedPendingOrderAndReturn(trx, dealers[0]!.id, inserted);
    return true;
  });
}

/** The balance-check demo serials printed at start-up: one activated card with usage, one in stock. */
async function seedLookupCards(trx: Knex.Transaction, dealerId: string, now: number): Promise<void> {
  const pkg = DEMO_PLUS_PACKAGES[0]!;
  const lookups = [
    {
      serial: DEMO_LOOKUPS.physicalSerials.active,
      n: 901,
      status: 'activated',
      owner: dealerId,
      bundle: {
        status: 'active',
        used_mb: 3584,
        activated_at: new Date(now - 5 * DAY),
        expires_at: new Date(now + 25 * DAY),
      },
    },
    {
      serial: DEMO_LOOKUPS.physicalSerials.inactive,
      n: 902,
      status: 'in_stock',
      owner: null,
      bundle: { status: 'inactive', used_mb: 0, activated_at: null, expires_at: null },
    },
  ];
  for (const l of lookups) {
    const ids = demoCardIdentifiers(l.n);
    const [card] = (await trx('cards')
      .insert({
        iccid: ids.iccid,
        serial_number: l.serial,
        eid: ids.eid,
        package_id: pkg.id,
        package_code: pkg.code,
        package_name: pkg.nameTr,
        status: l.status,
        owner_user_id: l.owner,
        transferred_at: l.owner ? new Date(now - 6 * DAY) : null,
      })
      .onConflict('serial_number')
      .ignore()
      .returning('id')) as Array<{ id: string }>;
    if (!card) continue;
    await trx('card_bundles').insert({
      card_id: card.id,
      package_name: pkg.nameTr,
      total_mb: pkg.dataMb,
      country: 'Avrupa',
      operator: pkg.operator,
      ...l.bundle,
    });
    await writeHistory(trx, [
      {
        cardId: card.id,
        action: 'imported',
        fromStatus: null,
        toStatus: l.status,
        fromOwner: null,
        toOwner: l.owner,
        reason: 'demo seed',
        actorId: 'seed',
      },
    ]);
  }
}

async function seedPendingOrderAndReturn(
  trx: Knex.Transaction,
  dealerId: string,
  cards: Array<{ id: string; owner_user_id: string | null }>,
): Promise<void> {
  const pkg = DEMO_PLUS_PACKAGES[1]!;
  await trx('orders')
    .insert({
      id: '00000000-0000-4000-9000-000000000201',
      user_id: dealerId,
      package_id: pkg.id,
      package_code: pkg.code,
      package_name_tr: pkg.nameTr,
      package_name_en: pkg.nameEn,
      quantity: 5,
      unit_price_cents: pkg.retailCents,
      total_cents: pkg.retailCents * 5,
      hold_id: null,
      note: 'Fatura ile ödeme (demo)',
    })
    .onConflict('id')
    .ignore();
  const mine = cards.filter((c) => c.owner_user_id === dealerId).slice(0, 2);
  if (mine.length === 0) return;
  const [ret] = (await trx('returns')
    .insert({ user_id: dealerId, reason: 'Müşteri vazgeçti (demo)', refund_cents: 0 })
    .returning('id')) as Array<{ id: string }>;
  await trx('return_cards').insert(
    mine.map((c) => ({ return_id: ret!.id, card_id: c.id, order_id: null, refund_cents: 0, from_status: 'assigned' })),
  );
  await trx('cards')
    .whereIn(
      'id',
      mine.map((c) => c.id),
    )
    .update({ status: 'returned' });
}
