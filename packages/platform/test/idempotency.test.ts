import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  claimIdempotencyKeys,
  findStoredAnswer,
  lookUpIdempotentRequest,
  requestHash,
  runIdempotent,
  storedAnswer,
} from '../src/idempotency';
import { outboxChannel, outboxInsert, publishMany } from '../src/events/publish';

/** The Idempotency-Key helper on a real service schema (each schema has the table). */
describe('runIdempotent', () => {
  let db: Db;
  beforeAll(async () => {
    db = createDb(process.env.DATABASE_URL!, 'balance');
    await db.schema.createTable('counter_test', (t) => {
      t.text('id').primary();
      t.integer('value').notNullable();
    });
    await db('counter_test').insert({ id: 'c', value: 0 });
  });
  afterAll(async () => {
    await db.destroy();
  });

  const bump = (amount: number) => async (trx: Parameters<Parameters<typeof runIdempotent>[2]>[0]) => {
    const [row] = await trx('counter_test').where({ id: 'c' }).increment('value', amount).returning('value');
    return { statusCode: 201, body: { value: row.value as number } };
  };

  it('runs once and replays the stored answer for the same key and body', async () => {
    const first = await runIdempotent(db, { scope: 'test', key: 'key-0001', request: { amount: 5 } }, bump(5));
    const again = await runIdempotent(db, { scope: 'test', key: 'key-0001', request: { amount: 5 } }, bump(5));
    expect(first).toEqual({ statusCode: 201, body: { value: 5 }, replayed: false });
    expect(again).toEqual({ statusCode: 201, body: { value: 5 }, replayed: true });
    expect((await db('counter_test').first()).value).toBe(5);
  });

  it('refuses the same key with another body with a 409', async () => {
    await expect(
      runIdempotent(db, { scope: 'test', key: 'key-0001', request: { amount: 6 } }, bump(6)),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'idempotency_conflict',
    });
    expect((await db('counter_test').first()).value).toBe(5);
  });

  it('runs the work once when twenty identical requests race', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        runIdempotent(db, { scope: 'test', key: 'race-key-01', request: { amount: 1 } }, bump(1)),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.value)).size).toBe(1);
    expect((await db('counter_test').first()).value).toBe(6);
  });

  it('stores an answer known before the work with the claim, replays it, and refuses work that answers otherwise', async () => {
    const answer = { statusCode: 201, body: { value: 42 } };
    const setTo42 = async (trx: Parameters<Parameters<typeof runIdempotent>[2]>[0]) => {
      await trx('counter_test').insert({ id: 'known', value: 42 });
      return answer;
    };
    const first = await runIdempotent(db, { scope: 'test', key: 'known-0001', request: { v: 42 }, answer }, setTo42);
    const again = await runIdempotent(db, { scope: 'test', key: 'known-0001', request: { v: 42 }, answer }, setTo42);
    expect(first).toEqual({ ...answer, replayed: false });
    expect(again).toEqual({ ...answer, replayed: true });
    expect(
      await db('idempotency_keys').where({ scope: 'test', key: 'known-0001' }).first('status_code', 'response_body'),
    ).toEqual({ status_code: 201, response_body: { value: 42 } });

    const liar = runIdempotent(db, { scope: 'test', key: 'known-0002', request: { v: 1 }, answer }, async (trx) => {
      await trx('counter_test').insert({ id: 'liar', value: 1 });
      return { statusCode: 201, body: { value: 1 } };
    });
    await expect(liar).rejects.toThrow(/other than its known answer/);
    expect(await db('counter_test').where({ id: 'liar' }).first()).toBeUndefined();
    expect(await db('idempotency_keys').where({ scope: 'test', key: 'known-0002' }).first()).toBeUndefined();
  });

  it('leaves the key free when the work fails, so the client can retry', async () => {
    await expect(
      runIdempotent(db, { scope: 'test', key: 'fails-once', request: {} }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const retry = await runIdempotent(db, { scope: 'test', key: 'fails-once', request: {} }, bump(1));
    expect(retry.replayed).toBe(false);
  });

  it('claims many keys in one statement: a key taken before, and the second claim of one key in the list, are not claimed', async () => {
    const claim = (key: string, value: number) => ({
      scope: 'batch',
      key,
      requestHash: requestHash({ value }),
      answer: { statusCode: 201, body: { value } },
    });
    await runIdempotent(db, { scope: 'batch', key: 'taken-0001', request: { value: 1 } }, bump(1));
    const claimed = await db.transaction((trx) =>
      claimIdempotencyKeys(trx, [
        claim('fresh-0001', 1),
        claim('taken-0001', 1),
        claim('fresh-0002', 2),
        claim('fresh-0001', 3),
      ]),
    );
    expect(claimed).toEqual([true, false, true, false]);
    // The stored answers: each key's first claim; a replay with another body is a 409.
    expect(await storedAnswer(db, claim('fresh-0001', 1))).toEqual({
      statusCode: 201,
      body: { value: 1 },
      replayed: true,
    });
    expect(await storedAnswer(db, claim('fresh-0002', 2))).toEqual({
      statusCode: 201,
      body: { value: 2 },
      replayed: true,
    });
    await expect(storedAnswer(db, claim('fresh-0001', 3))).rejects.toMatchObject({
      statusCode: 409,
      code: 'idempotency_conflict',
    });
  });

  it('looks up a stored answer before any work: none while the claim is uncommitted, the answer once committed, a 409 for another body', async () => {
    const claim = { scope: 'lookup', key: 'lookup-0001', requestHash: requestHash({ amount: 2 }) };
    let seenMeanwhile: unknown = 'not looked up';
    const first = await runIdempotent(
      db,
      { scope: 'lookup', key: 'lookup-0001', request: { amount: 2 } },
      async (trx) => {
        // Another connection while the claim is still open: nothing to replay yet.
        seenMeanwhile = await findStoredAnswer(db, claim);
        return bump(2)(trx);
      },
    );
    expect(seenMeanwhile).toBeUndefined();
    expect(await findStoredAnswer(db, { ...claim, key: 'lookup-never' })).toBeUndefined();
    expect(await findStoredAnswer(db, claim)).toEqual({ statusCode: 201, body: first.body, replayed: true });
    await expect(findStoredAnswer(db, { ...claim, requestHash: requestHash({ amount: 3 }) })).rejects.toMatchObject({
      statusCode: 409,
      code: 'idempotency_conflict',
    });
  });

  it("a route's look-up scopes the key to the caller, replays a stored answer marked as such, and requires the key", async () => {
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => void (headers[name] = value) } as unknown as FastifyReply;
    const request = (key?: string) =>
      ({
        headers: key ? { 'idempotency-key': key } : {},
        body: { amount: 4 },
        user: { id: 'user-7' },
        locale: 'en',
      }) as unknown as FastifyRequest;
    const fresh = await lookUpIdempotentRequest(db, request('route-0001'), reply, { scope: 'route' });
    expect(fresh).toEqual({ scopedKey: 'route:user-7:route-0001', replay: undefined });
    expect(headers).toEqual({});
    const stored = await runIdempotent(
      db,
      { scope: 'route:user-7', key: 'route-0001', request: { amount: 4 } },
      bump(4),
    );
    const again = await lookUpIdempotentRequest(db, request('route-0001'), reply, { scope: 'route' });
    expect(again).toEqual({
      scopedKey: 'route:user-7:route-0001',
      replay: { statusCode: 201, body: stored.body, replayed: true },
    });
    expect(headers).toEqual({ 'idempotent-replayed': 'true' });
    await expect(lookUpIdempotentRequest(db, request(), reply, { scope: 'route' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'idempotency_key_required',
    });
  });

  it('publishes many events in one statement, in order, each checked against the registry', async () => {
    const event = (n: number) => ({
      type: 'auth.user.registered' as const,
      aggregateId: `user-${n}`,
      payload: {
        userId: `user-${n}`,
        email: `u${n}@example.test`,
        fullName: `User ${n}`,
        userType: 3,
        status: 'active' as const,
      },
    });
    const before = Number((await db('outbox').count({ n: '*' }))[0]!.n);
    const envelopes = await db.transaction((trx) => publishMany(trx, 'auth', [event(1), event(2), event(3)]));
    const rows = await db('outbox').orderBy('position').offset(before);
    expect(rows.map((row: { event_id: string }) => row.event_id)).toEqual(envelopes.map((e) => e.id));
    expect(rows.map((row: { aggregate_id: string }) => row.aggregate_id)).toEqual(['user-1', 'user-2', 'user-3']);
    const bad = { ...event(4), payload: { userId: 'user-4' } } as unknown as ReturnType<typeof event>;
    await expect(db.transaction((trx) => publishMany(trx, 'auth', [event(5), bad]))).rejects.toThrow();
    expect(Number((await db('outbox').count({ n: '*' }))[0]!.n)).toBe(before + 3);
  });

  it("writes, within a caller's own statement, the events of the rows that statement changed only, in order, and wakes the relay", async () => {
    await db.schema.createTable('moved_test', (t) => {
      t.text('id').primary();
      t.text('step').notNullable();
    });
    await db('moved_test').insert([
      { id: 'order-a', step: 'provisioning' },
      { id: 'order-b', step: 'completed' },
      { id: 'order-c', step: 'provisioning' },
    ]);
    const event = (id: string) => ({
      type: 'auth.user.registered' as const,
      aggregateId: id,
      payload: { userId: id, email: `${id}@example.test`, fullName: id, userType: 3, status: 'active' as const },
    });
    const listener = await db.client.acquireConnection();
    const notified: string[] = [];
    listener.on('notification', (message: { channel: string }) => notified.push(message.channel));
    await listener.query(`LISTEN "${outboxChannel('balance')}"`);
    try {
      const before = Number((await db('outbox').count({ n: '*' }))[0]!.n);
      const outbox = await outboxInsert(
        db,
        'auth',
        [event('order-c'), event('order-b'), event('order-a')],
        'SELECT id FROM moved',
      );
      // order-b moved before: this statement moves a and c, and writes their events only, as given.
      const moved = await db.raw(
        `WITH moved AS (UPDATE moved_test SET step = 'completed' WHERE step = 'provisioning' RETURNING id),
              published AS (${outbox.sql})
         SELECT id FROM moved`,
        outbox.bindings,
      );
      expect(moved.rows).toHaveLength(2);
      const rows = await db('outbox').orderBy('position').offset(before);
      expect(rows.map((row: { aggregate_id: string }) => row.aggregate_id)).toEqual(['order-c', 'order-a']);
      expect(rows[0].envelope).toMatchObject({
        type: 'auth.user.registered',
        producer: 'auth',
        aggregateId: 'order-c',
      });
      await expect.poll(() => notified).toEqual([outboxChannel('balance')]);
      await expect(outboxInsert(db, 'auth', [{ ...event('x'), payload: {} } as never], 'SELECT 1')).rejects.toThrow();
    } finally {
      await db.client.releaseConnection(listener);
      await db.schema.dropTable('moved_test');
    }
  });
});
