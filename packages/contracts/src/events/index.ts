import type { z } from 'zod';
import { authEvents } from './auth';
import { balanceEvents } from './balance';
import { catalogEvents } from './catalog';
import type { EventDefinition } from './envelope';
import { esimEvents } from './esim';
import { orderEvents } from './orders';

export * from './envelope';
export * from './auth';
export * from './balance';
export * from './catalog';
export * from './orders';
export * from './esim';

/** The typed registry of every event the system publishes. */
export const EVENT_REGISTRY = [
  ...authEvents,
  ...catalogEvents,
  ...balanceEvents,
  ...orderEvents,
  ...esimEvents,
] as const;

export type RegisteredEvent = (typeof EVENT_REGISTRY)[number];
export type EventType = RegisteredEvent['type'];
export type EventPayload<T extends EventType> = z.infer<Extract<RegisteredEvent, { type: T }>['payload']>;

const byType = new Map<string, EventDefinition>(EVENT_REGISTRY.map((def) => [def.type, def]));

export function eventDefinition(type: string): EventDefinition | undefined {
  return byType.get(type);
}

/** Every topic (domain entity) that exists; the Kafka topic script and test broker create these. */
export const EVENT_TOPICS = [...new Set(EVENT_REGISTRY.map((def) => def.type.split('.').slice(0, 2).join('.')))];
