import { expect, it } from 'vitest';
import { EVENT_TOPICS } from '@esim/contracts';
import { planTopics } from '../../src/events/topics';

it('plans every missing event topic, grows short ones, and leaves the rest alone', () => {
  const existing = new Map([
    ['auth.dealer', 6],
    ['catalog.package', 2],
    ['unrelated.topic', 1],
  ]);
  const plan = planTopics(existing, EVENT_TOPICS, { partitions: 6, replicationFactor: 3 });
  expect(plan.grow).toEqual([{ topic: 'catalog.package', count: 6 }]);
  expect(plan.create.map((t) => t.topic).sort()).toEqual(EVENT_TOPICS.filter((t) => !existing.has(t)).sort());
  expect(plan.create.every((t) => t.numPartitions === 6 && t.replicationFactor === 3)).toBe(true);
  // Run again once applied: nothing to do.
  const applied = new Map([...EVENT_TOPICS.map((t) => [t, 6] as const)]);
  expect(planTopics(applied, EVENT_TOPICS, { partitions: 6, replicationFactor: 3 })).toEqual({ create: [], grow: [] });
});
