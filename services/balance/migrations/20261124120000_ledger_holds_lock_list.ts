import type { Knex } from 'knex';

/**
 * `ledger_holds` locks the accounts a batch touches from a list it computes first, instead of
 * with one statement that also looked the holds up. The old statement's plan is kept per
 * connection: made while the holds table was small it scanned the whole table for a batch's holds,
 * and whenever the lock had to wait for another batch, PostgreSQL's recheck of the changed account
 * row ran that scan again. With more holds every day, each capture batch cost more (bench:purchase
 * saw a sequential scan of holds in every capture). Now the holds are found by their primary key
 * once, and the lock's recheck compares an account id with a list. Nothing else changes: the same
 * accounts are locked in the same ascending order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION ledger_holds(
      p_ops text[], p_orders text[], p_account_keys text[], p_users text[], p_amounts bigint[], p_references text[],
      p_holds uuid[], p_credits bigint[], p_created_by text[], p_at timestamptz DEFAULT now()
    ) RETURNS TABLE (r_idx int, r_outcome text, r_hold uuid, r_transfer bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
      o record;
      h holds%ROWTYPE;
      v_account bigint;
      v_entries int;
      v_settled int;
      v_idx bigint[];
      v_ids uuid[];
      v_transfers bigint[];
      v_done boolean[] := '{}';
      v_lock bigint[];
    BEGIN
      -- Every account row the batch touches, locked up front in ascending id order: batches and
      -- transfers running at the same time always queue, never deadlock. (Hold rows are not
      -- locked ahead: two batches share a hold only when a request is retried while its first
      -- try is in flight; should they deadlock, PostgreSQL cancels one and the batcher retries
      -- its operations one by one.)
      SELECT array_agg(DISTINCT s.id) INTO v_lock FROM (
          SELECT a.id FROM accounts a WHERE a.key = ANY(p_account_keys)
          UNION ALL SELECT unnest(p_credits)
          UNION ALL SELECT hh.account_id FROM unnest(p_holds) AS x(id) JOIN holds hh ON hh.id = x.id) s;
      PERFORM 1 FROM accounts WHERE id = ANY(v_lock) ORDER BY id FOR UPDATE;

      /*
       * Fast path, set at a time: the holds and captures that plainly go through, all in one
       * statement each. Conservative: a hold only if its order is new and first in the batch and
       * its account covers it together with the account's earlier holds in the batch (so exactly
       * what one-by-one processing in batch order would accept); a capture only if its hold is
       * pending and first in the batch. Everything else (replays, refusals, duplicates, voids)
       * takes the one-by-one path below, which sees what the fast path wrote.
       */
      WITH req AS (
        SELECT DISTINCT ON (t.order_id) t.*
          FROM unnest(p_ops, p_orders, p_account_keys, p_users, p_amounts, p_references)
               WITH ORDINALITY AS t(op, order_id, account_key, user_id, amount, reference, idx)
         WHERE t.op = 'hold' AND t.amount > 0 AND t.order_id IS NOT NULL
         ORDER BY t.order_id, t.idx
      ), ranked AS (
        SELECT req.*, a.id AS account_id, a.allow_negative, a.balance - a.held AS available,
               sum(req.amount) OVER (PARTITION BY a.id ORDER BY req.idx) AS cumulative
          FROM req JOIN accounts a ON a.key = req.account_key
         WHERE NOT EXISTS (SELECT 1 FROM holds x WHERE x.order_id = req.order_id)
      ), recorded AS (
        -- Recorded first, reserved from what was recorded: an order another transaction holds
        -- meanwhile is skipped here and settled one by one.
        INSERT INTO holds (order_id, account_id, user_id, amount, reference, created_at)
        SELECT order_id, account_id, user_id, amount, reference, p_at FROM ranked WHERE allow_negative OR cumulative <= available
        ON CONFLICT (order_id) DO NOTHING
        RETURNING id, order_id, account_id, amount
      ), reserved AS (
        UPDATE accounts a SET held = a.held + t.total, version = a.version + t.n
          FROM (SELECT account_id, sum(amount) AS total, count(*) AS n FROM recorded GROUP BY account_id) t
         WHERE a.id = t.account_id
      )
      SELECT array_agg(ranked.idx), array_agg(recorded.id) INTO v_idx, v_ids
        FROM recorded JOIN ranked ON ranked.order_id = recorded.order_id;
      IF v_idx IS NOT NULL THEN
        FOR i IN 1..array_length(v_idx, 1) LOOP
          v_done[v_idx[i]] := true;
        END LOOP;
        RETURN QUERY SELECT x.idx::int, 'ok'::text, x.id, NULL::bigint FROM unnest(v_idx, v_ids) AS x(idx, id);
      END IF;

      WITH req AS (
        SELECT DISTINCT ON (t.hold) t.*
          FROM unnest(p_ops, p_holds, p_credits, p_created_by) WITH ORDINALITY AS t(op, hold, credit, created_by, idx)
         WHERE t.op = 'capture' AND t.hold IS NOT NULL AND t.credit IS NOT NULL
         ORDER BY t.hold, t.idx
      ), settled AS (
        UPDATE holds hd SET status = 'captured', capture_transfer_id = nextval('transfers_id_seq'), resolved_at = p_at
          FROM req
         WHERE hd.id = req.hold AND hd.status = 'pending' AND hd.account_id <> req.credit
        RETURNING hd.id, hd.account_id, hd.amount, hd.reference, hd.capture_transfer_id, req.credit, req.created_by, req.idx
      ), transferred AS (
        INSERT INTO transfers (id, debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, hold_id, created_by, created_at)
        SELECT capture_transfer_id, account_id, credit, amount, 'purchase', reference, 'capture:' || id::text, id, created_by, p_at FROM settled
      ), legs AS (
        -- Each transfer's two legs, in batch order: the held account pays (and its hold is released),
        -- the revenue bucket receives.
        SELECT capture_transfer_id AS transfer_id, account_id, -amount AS amount, -amount AS held_delta, idx, 0 AS side FROM settled
        UNION ALL
        SELECT capture_transfer_id, credit, amount, 0, idx, 1 FROM settled
      ), moved AS (
        UPDATE accounts a SET balance = a.balance + t.total, held = a.held + t.held_total, version = a.version + t.n
          FROM (SELECT account_id, sum(amount) AS total, sum(held_delta) AS held_total, count(*) AS n FROM legs GROUP BY account_id) t
         WHERE a.id = t.account_id
        RETURNING a.id, a.balance, a.version
      ), entered AS (
        -- The balance after each entry: the account's final balance less what later entries of the batch added.
        INSERT INTO entries (transfer_id, account_id, amount, balance_after, account_version, created_at)
        SELECT l.transfer_id, l.account_id, l.amount,
               m.balance - coalesce(sum(l.amount) OVER later, 0),
               m.version - count(*) OVER later,
               p_at
          FROM legs l JOIN moved m ON m.id = l.account_id
        WINDOW later AS (PARTITION BY l.account_id ORDER BY l.idx, l.side ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
        -- Entry ids follow the same order, so each account's entries read as a running balance.
        ORDER BY l.account_id, l.idx, l.side
        RETURNING 1
      )
      SELECT array_agg(settled.idx), array_agg(settled.id), array_agg(settled.capture_transfer_id),
             (SELECT count(*) FROM entered), count(*)
        INTO v_idx, v_ids, v_transfers, v_entries, v_settled
        FROM settled;
      IF v_entries <> 2 * v_settled THEN
        -- A programming error, not an outcome (no such revenue account): fail the batch; the
        -- caller retries each operation alone, so only the one at fault fails.
        RAISE EXCEPTION 'captures wrote % entries for % transfers', v_entries, v_settled USING ERRCODE = 'LD400';
      END IF;
      IF v_idx IS NOT NULL THEN
        FOR i IN 1..array_length(v_idx, 1) LOOP
          v_done[v_idx[i]] := true;
        END LOOP;
        RETURN QUERY SELECT x.idx::int, 'ok'::text, x.id, x.transfer FROM unnest(v_idx, v_ids, v_transfers) AS x(idx, id, transfer);
      END IF;

      -- One by one, in batch order: everything the fast path left. Each is one statement on the
      -- way that succeeds; replays and refusals then read what is there to say why.
      -- (unnest walks the arrays once; subscripting a text array walks it from the start each time.)
      FOR o IN SELECT * FROM unnest(p_ops, p_orders, p_account_keys, p_users, p_amounts, p_references, p_holds, p_credits, p_created_by)
                 WITH ORDINALITY AS t(op, order_id, account_key, user_id, amount, reference, hold, credit, created_by, idx)
      LOOP
        CONTINUE WHEN coalesce(v_done[o.idx], false);
        r_idx := o.idx;
        r_hold := NULL;
        r_transfer := NULL;
        IF o.op = 'hold' THEN
          IF o.amount IS NULL OR o.amount <= 0 OR o.order_id IS NULL THEN
            r_outcome := 'invalid';
          ELSE
            -- Reserve (only if covered) and record the hold.
            WITH reserved AS (
              UPDATE accounts SET held = held + o.amount, version = version + 1
               WHERE key = o.account_key AND (allow_negative OR balance - held >= o.amount)
              RETURNING id
            ), recorded AS (
              INSERT INTO holds (order_id, account_id, user_id, amount, reference, created_at)
              SELECT o.order_id, reserved.id, o.user_id, o.amount, o.reference, p_at FROM reserved
              ON CONFLICT (order_id) DO NOTHING
              RETURNING id
            )
            SELECT (SELECT id FROM reserved), (SELECT id FROM recorded) INTO v_account, r_hold;
            IF r_hold IS NOT NULL THEN
              r_outcome := 'ok';
            ELSE
              -- Not recorded: the order already holds (give the reservation back), or not covered.
              IF v_account IS NOT NULL THEN
                UPDATE accounts SET held = held - o.amount, version = version + 1 WHERE id = v_account;
              END IF;
              SELECT * INTO h FROM holds WHERE order_id = o.order_id;
              r_hold := h.id;
              r_outcome := CASE
                WHEN h.id IS NULL THEN 'insufficient_balance'
                WHEN h.user_id = o.user_id AND h.amount = o.amount THEN 'replayed'
                ELSE 'order_hold_conflict' END;
            END IF;
          END IF;

        ELSIF o.op = 'capture' THEN
          -- Settle the hold, move the money (the held account's balance and held amount both drop,
          -- the revenue bucket's balance grows), write the transfer and its two entries with the
          -- balance after each. The transfer's id is drawn while settling the hold.
          WITH settled AS (
            UPDATE holds SET status = 'captured', capture_transfer_id = nextval('transfers_id_seq'), resolved_at = p_at
             WHERE id = o.hold AND status = 'pending'
            RETURNING id, account_id, amount, reference, capture_transfer_id
          ), moved AS (
            UPDATE accounts a
               SET balance = a.balance + CASE WHEN a.id = settled.account_id THEN -settled.amount ELSE settled.amount END,
                   held = a.held - CASE WHEN a.id = settled.account_id THEN settled.amount ELSE 0 END,
                   version = a.version + 1
              FROM settled
             WHERE a.id IN (settled.account_id, o.credit)
            RETURNING a.id, a.balance, a.version, settled.account_id AS debit_id, settled.amount, settled.capture_transfer_id
          ), transferred AS (
            INSERT INTO transfers (id, debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, hold_id, created_by, created_at)
            SELECT capture_transfer_id, account_id, o.credit, amount, 'purchase', reference, 'capture:' || id::text, id, o.created_by, p_at
              FROM settled
            RETURNING id
          ), entered AS (
            INSERT INTO entries (transfer_id, account_id, amount, balance_after, account_version, created_at)
            SELECT capture_transfer_id, moved.id, CASE WHEN moved.id = debit_id THEN -amount ELSE amount END, balance, version, p_at
              FROM moved
            RETURNING 1
          )
          SELECT (SELECT id FROM settled), (SELECT id FROM transferred), (SELECT count(*) FROM entered) INTO r_hold, r_transfer, v_entries;
          IF r_hold IS NOT NULL THEN
            IF v_entries <> 2 OR r_transfer IS NULL THEN
              -- A programming error, not an outcome (no such revenue account): fail the batch; the
              -- caller retries each operation alone, so only this one fails.
              RAISE EXCEPTION 'capture of hold % into account % wrote % entries', r_hold, o.credit, v_entries USING ERRCODE = 'LD400';
            END IF;
            r_outcome := 'ok';
          ELSE
            SELECT * INTO h FROM holds WHERE id = o.hold;
            r_hold := h.id;
            r_transfer := h.capture_transfer_id;
            r_outcome := CASE WHEN h.id IS NULL THEN 'hold_not_found' WHEN h.status = 'captured' THEN 'replayed' ELSE 'hold_not_pending' END;
          END IF;

        ELSIF o.op = 'void' THEN
          UPDATE holds SET status = 'voided', resolved_at = p_at WHERE id = o.hold AND status = 'pending' RETURNING * INTO h;
          IF h.id IS NULL THEN
            SELECT * INTO h FROM holds WHERE id = o.hold;
            r_hold := h.id;
            r_outcome := CASE WHEN h.id IS NULL THEN 'hold_not_found' WHEN h.status = 'voided' THEN 'replayed' ELSE 'hold_not_pending' END;
          ELSE
            r_hold := h.id;
            UPDATE accounts SET held = held - h.amount, version = version + 1 WHERE id = h.account_id;
            r_outcome := 'ok';
          END IF;

        ELSE
          r_outcome := 'invalid';
        END IF;
        RETURN NEXT;
      END LOOP;
    END $$;
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
