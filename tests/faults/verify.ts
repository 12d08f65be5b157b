import type pg from 'pg';
import { waitFor } from '@esim/platform/testing';
import type { LoadRecord, PhysicalOrder, Sent } from './load';

const SCHEMAS = ['auth', 'catalog', 'balance', 'esim', 'physical_sim'];
const isOk = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
const isRefused = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/** What the checks found wrong (empty: nothing lost, nothing twice) and the figures they counted. */
export interface Verdict {
  problems: string[];
  doubleCharges: number;
  figures: {
    esimCompleted: number;
    /** Answered 202 (processing), then failed because the pool ran out: the refusal came later, uncharged. */
    esimSoldOutLater: number;
    esimRefused: number;
    physicalApproved: number;
    physicalRejected: number;
    physicalRefused: number;
    collections: number;
    handovers: number;
    import: string;
  };
}

/**
 * Waits, bounded, until the system has caught up with the load: every outbox relayed, every
 * consumer group at the head of the PostgreSQL log, no eSIM order of the load's buyers unfinished,
 * no hold of theirs pending, the import finished.
 */
export async function waitUntilSettled(
  db: pg.Pool,
  record: LoadRecord,
  transport: 'postgres' | 'kafka',
  timeoutMs: number,
): Promise<void> {
  const buyers = record.buyers.map((b) => b.id);
  let last = '';
  await waitFor(
    async () => {
      const waiting: string[] = [];
      for (const schema of SCHEMAS) {
        const backlog = await scalar(db, `SELECT count(*)::int AS n FROM ${schema}.outbox WHERE published_at IS NULL`);
        if (backlog) waiting.push(`${schema} outbox ${backlog}`);
      }
      if (transport === 'postgres') {
        const lag = await scalar(
          db,
          'SELECT coalesce(max((SELECT max(position) FROM platform.event_log) - position), 0)::int AS n FROM platform.consumer_offsets',
        );
        if (lag) waiting.push(`log lag ${lag}`);
      }
      const unfinished = await scalar(
        db,
        `SELECT count(*)::int AS n FROM esim.orders WHERE user_id = ANY($1) AND step NOT IN ('completed', 'failed')`,
        [buyers],
      );
      if (unfinished) waiting.push(`${unfinished} eSIM orders unfinished`);
      const pending = await scalar(
        db,
        `SELECT count(*)::int AS n FROM balance.holds WHERE user_id = ANY($1) AND status = 'pending'`,
        [buyers],
      );
      if (pending) waiting.push(`${pending} holds pending`);
      if (record.importId) {
        const status = (await db.query('SELECT status FROM physical_sim.import_jobs WHERE id = $1', [record.importId]))
          .rows[0]?.status;
        if (status !== 'completed' && status !== 'failed') waiting.push(`import ${status}`);
      }
      last = waiting.join(', ');
      return waiting.length === 0;
    },
    { timeoutMs, intervalMs: 500, what: 'the system to settle' },
  ).catch((error: Error) => {
    throw new Error(`${error.message} (still: ${last})`);
  });
}

export async function verify(db: pg.Pool, record: LoadRecord): Promise<Verdict> {
  const problems: string[] = [];
  let doubleCharges = 0;
  const unanswered = [
    ...record.purchases,
    ...record.physicalOrders,
    ...record.dealerCollections,
    ...record.handovers,
  ].filter((s) => s.status === undefined);
  if (unanswered.length) problems.push(`${unanswered.length} requests never answered, even after recovery`);
  const unexpected = [
    ...record.purchases,
    ...record.physicalOrders,
    ...record.dealerCollections,
    ...record.handovers,
  ].filter((s) => s.status !== undefined && s.status >= 500);
  if (unexpected.length) problems.push(`${unexpected.length} requests ended on a 5xx`);
  if (record.failedReads.length)
    problems.push(`${record.failedReads.length} reads did not end 2xx: ${record.failedReads.slice(0, 5).join('; ')}`);

  // ── eSIM purchases: each 201 is a completed order with its eSIM; a 202 (still processing) ends completed, or
  // failed only as a refusal would have (the pool ran out meanwhile) and uncharged; each refusal changed nothing ──
  const esimDone: Sent[] = [];
  let soldOutLater = 0;
  for (const sent of record.purchases.filter((s) => isOk(s.status))) {
    const order = (
      await db.query('SELECT step, total_cents::int, failure_code FROM esim.orders WHERE id = $1', [sent.orderId])
    ).rows[0];
    const esims = await scalar(db, 'SELECT count(*)::int AS n FROM esim.profiles WHERE order_id = $1', [sent.orderId]);
    const captured = await scalar(
      db,
      `SELECT count(*)::int AS n FROM balance.holds WHERE order_id = $1 AND status = 'captured'`,
      [sent.orderId],
    );
    if (
      sent.status === 202 &&
      order?.step === 'failed' &&
      order.failure_code === 'esim_out_of_stock' &&
      !captured &&
      !esims
    ) {
      soldOutLater += 1;
      continue;
    }
    esimDone.push(sent);
    if (order?.step !== 'completed' || esims !== 1)
      problems.push(
        `eSIM order ${sent.orderId} (key ${sent.key}) answered ${sent.status}: step ${order?.step} (${order?.failure_code}), ${esims} eSIMs`,
      );
    else if (order.total_cents !== sent.cents)
      problems.push(`eSIM order ${sent.orderId}: total ${order.total_cents} ≠ answered ${sent.cents}`);
  }
  for (const sent of record.purchases.filter((s) => isRefused(s.status))) {
    const stored = (
      await db.query(
        `SELECT response_body->>'order_id' AS id FROM esim.idempotency_keys WHERE scope = $1 AND key = $2`,
        [`esim-buy:${sent.buyerId}`, sent.key],
      )
    ).rows[0];
    if (!stored?.id) continue;
    const captured = await scalar(
      db,
      `SELECT count(*)::int AS n FROM balance.holds WHERE order_id = $1 AND status = 'captured'`,
      [stored.id],
    );
    if (captured)
      problems.push(
        `eSIM key ${sent.key} was refused (${sent.status} ${sent.code}) but its order ${stored.id} was charged`,
      );
  }

  // ── physical orders: each 2xx is decided as the admin's answer said, its hold captured or voided ──
  const placed = record.physicalOrders.filter((s) => isOk(s.status));
  for (const sent of placed) {
    const order = (
      await db.query('SELECT status, total_cents::int FROM physical_sim.orders WHERE id = $1', [sent.orderId])
    ).rows[0];
    const hold = (await db.query('SELECT status FROM balance.holds WHERE order_id = $1', [sent.orderId])).rows[0];
    const expectedHold = sent.decided === 'approved' ? 'captured' : 'voided';
    if (!order || order.status !== sent.decided || hold?.status !== expectedHold) {
      problems.push(
        `physical order ${sent.orderId}: answered ${sent.decided ?? 'undecided'}, is ${order?.status}, hold ${hold?.status}`,
      );
    }
  }

  // ── per buyer: the orders in the services are exactly the answered ones, and the ledger moved by exactly them ──
  for (const buyer of record.buyers) {
    const mine = <T extends Sent>(list: T[]) => list.filter((s) => s.buyerId === buyer.id);
    const esimIds = new Set(mine(esimDone).map((s) => s.orderId));
    const completed = (
      await db.query(`SELECT id FROM esim.orders WHERE user_id = $1 AND step = 'completed'`, [buyer.id])
    ).rows.map((r) => r.id as string);
    const extraEsim = completed.filter((id) => !esimIds.has(id));
    if (extraEsim.length) problems.push(`${buyer.email}: ${extraEsim.length} completed eSIM orders no 2xx answered`);
    const claimedKeys = await scalar(db, 'SELECT count(*)::int AS n FROM esim.idempotency_keys WHERE scope = $1', [
      `esim-buy:${buyer.id}`,
    ]);
    const esimOrders = await scalar(db, 'SELECT count(*)::int AS n FROM esim.orders WHERE user_id = $1', [buyer.id]);
    if (esimOrders > claimedKeys)
      problems.push(`${buyer.email}: ${esimOrders} eSIM orders for ${claimedKeys} Idempotency-Keys`);

    const approved = mine<PhysicalOrder>(placed).filter((s) => s.decided === 'approved');
    const physicalIds = new Set(mine(placed).map((s) => s.orderId));
    const physicalRows = (await db.query('SELECT id FROM physical_sim.orders WHERE user_id = $1', [buyer.id])).rows.map(
      (r) => r.id as string,
    );
    const extraPhysical = physicalRows.filter((id) => !physicalIds.has(id));
    if (extraPhysical.length) problems.push(`${buyer.email}: ${extraPhysical.length} physical orders no 2xx answered`);

    const charges = [...mine(esimDone), ...approved];
    const expectedCharged = charges.reduce((sum, s) => sum + s.cents, 0);
    const credited = mine(record.credits.filter((s) => isOk(s.status))).reduce((sum, s) => sum + s.cents, 0);
    const account = (
      await db.query(
        'SELECT id, balance::bigint AS balance, held::bigint AS held FROM balance.accounts WHERE key = $1',
        [`user:${buyer.id}:spendable`],
      )
    ).rows[0];
    const purchases = (
      await db.query(
        `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS cents FROM balance.transfers WHERE kind = 'purchase' AND debit_account_id = $1`,
        [account.id],
      )
    ).rows[0];
    if (purchases.n > charges.length) doubleCharges += purchases.n - charges.length;
    if (purchases.n !== charges.length || Number(purchases.cents) !== expectedCharged) {
      problems.push(
        `${buyer.email}: ledger has ${purchases.n} purchases of ${purchases.cents} cents, the load saw ${charges.length} of ${expectedCharged}`,
      );
    }
    if (Number(account.balance) !== credited - expectedCharged || Number(account.held) !== 0) {
      problems.push(
        `${buyer.email}: spendable ${account.balance} held ${account.held}, expected ${credited - expectedCharged} held 0`,
      );
    }
    const collected = mine(record.dealerCollections.filter((s) => isOk(s.status))).reduce((sum, s) => sum + s.cents, 0);
    const receivable = await scalar(db, 'SELECT balance::int AS n FROM balance.accounts WHERE key = $1', [
      `dealer:${buyer.id}:receivable`,
    ]);
    if (receivable !== -credited + collected)
      problems.push(`${buyer.email}: receivable ${receivable}, expected ${-credited + collected}`);
  }

  // ── money requests keyed by the caller: one transfer per 2xx key, none per refusal ──
  const keyed: Array<[Sent[], string]> = [
    [record.credits, `dealer-credit-load:${record.adminId}`],
    [record.dealerCollections, `dealer-collection:${record.salesManagerId}`],
    [record.handovers, `cash-handover:${record.adminId}`],
  ];
  for (const [list, scope] of keyed) {
    for (const sent of list.filter((s) => s.status !== undefined)) {
      const transfers = await scalar(
        db,
        'SELECT count(*)::int AS n FROM balance.transfers WHERE idempotency_key = $1',
        [`${scope}:${sent.key}`],
      );
      const expected = isOk(sent.status) ? 1 : 0;
      if (transfers > expected) doubleCharges += transfers - expected;
      if (transfers !== expected)
        problems.push(`${scope} key ${sent.key} answered ${sent.status}: ${transfers} transfers`);
    }
  }

  const importFigure = await checkImport(db, record, problems);
  return {
    problems,
    doubleCharges,
    figures: {
      esimCompleted: esimDone.length,
      esimSoldOutLater: soldOutLater,
      esimRefused: record.purchases.filter((s) => isRefused(s.status)).length,
      physicalApproved: placed.filter((s) => s.decided === 'approved').length,
      physicalRejected: placed.filter((s) => s.decided === 'rejected').length,
      physicalRefused: record.physicalOrders.filter((s) => isRefused(s.status)).length,
      collections: record.dealerCollections.filter((s) => isOk(s.status)).length,
      handovers: record.handovers.filter((s) => isOk(s.status)).length,
      import: importFigure,
    },
  };
}

/** The import ended visibly: completed with every row's card, or failed with its reason and no card. */
async function checkImport(db: pg.Pool, record: LoadRecord, problems: string[]): Promise<string> {
  if (!record.importId) return 'none';
  const job = (
    await db.query(
      'SELECT status, rows_imported::int, rows_rejected::int, error_code FROM physical_sim.import_jobs WHERE id = $1',
      [record.importId],
    )
  ).rows[0];
  const cards = await scalar(db, 'SELECT count(*)::int AS n FROM physical_sim.cards WHERE import_id = $1', [
    record.importId,
  ]);
  if (job?.status === 'completed') {
    if (job.rows_imported !== record.importRows || cards !== record.importRows)
      problems.push(`import completed with ${job.rows_imported} rows, ${cards} cards, of ${record.importRows}`);
    return `completed, ${cards} cards`;
  }
  if (job?.status === 'failed') {
    if (!job.error_code) problems.push('import failed without a reason');
    if (cards) problems.push(`failed import left ${cards} cards`);
    return `failed: ${job.error_code}`;
  }
  problems.push(`import ${record.importId} is ${job?.status}`);
  return String(job?.status);
}

async function scalar(db: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  const result = await db.query(sql, params);
  return Number(result.rows[0]?.n ?? 0);
}
