import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../src/group-commit';

/** A writer that records its batches and lanes, answering each item doubled after `ms`. */
function recorder(ms = 5, failOn?: number) {
  const batches: Array<{ items: number[]; lane: number }> = [];
  const busy = new Set<number>();
  const commits = new GroupCommit<number, number>(async (items, lane) => {
    expect(busy.has(lane)).toBe(false);
    busy.add(lane);
    batches.push({ items: [...items], lane });
    await new Promise((resolve) => setTimeout(resolve, ms));
    busy.delete(lane);
    if (failOn !== undefined && items.includes(failOn)) throw new Error(`item ${failOn} is bad`);
    return items.map((item) => item * 2);
  });
  return { commits, batches };
}

describe('GroupCommit', () => {
  it('writes a lone item at once, alone', async () => {
    const { commits, batches } = recorder();
    expect(await commits.submit(21)).toBe(42);
    expect(batches).toEqual([{ items: [21], lane: 0 }]);
  });

  it('gathers what arrives while a batch is written into the next one, each item its own outcome', async () => {
    const { commits, batches } = recorder();
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => commits.submit(i)));
    expect(outcomes).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    // The first goes alone; once 16 wait, they take the second lane; the rest wait for a free one.
    expect(batches.map((b) => b.items.length)).toEqual([1, 16, 23]);
    expect(batches.slice(0, 2).map((b) => b.lane)).toEqual([0, 1]);
    expect(batches.flatMap((b) => b.items).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('keeps a few late items waiting for a free lane rather than starting a small second batch', async () => {
    const { commits, batches } = recorder();
    await Promise.all(Array.from({ length: 5 }, (_, i) => commits.submit(i)));
    expect(batches.map((b) => b.items)).toEqual([[0], [1, 2, 3, 4]]);
  });

  it('when a batch fails, writes each of its items alone: only the bad one fails', async () => {
    const { commits, batches } = recorder(5, 3);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => commits.submit(i)));
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((outcomes[3] as PromiseRejectedResult).reason.message).toBe('item 3 is bad');
    expect(
      outcomes.filter((o) => o.status === 'fulfilled').map((o) => (o as PromiseFulfilledResult<number>).value),
    ).toEqual([0, 2, 4, 8, 10]);
    // The batch [1..5] failed, then each of its items was written alone.
    expect(batches.filter((b) => b.items.length === 1).map((b) => b.items[0])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('queues items submitted together before writing, so they travel in one batch', async () => {
    const { commits, batches } = recorder();
    expect(await Promise.all(commits.submitMany([1, 2, 3]))).toEqual([2, 4, 6]);
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
  });

  it('without failure isolation, gives every item of a failed batch its error, writing nothing again', async () => {
    const batches: number[][] = [];
    const commits = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        throw new Error('the other side is down');
      },
      { isolateFailures: false },
    );
    const outcomes = await Promise.allSettled(commits.submitMany([1, 2, 3]));
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(
      Array(3).fill('the other side is down'),
    );
    expect(batches).toEqual([[1, 2, 3]]);
  });
});
