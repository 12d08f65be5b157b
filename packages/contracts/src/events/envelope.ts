import { z } from 'zod';

/** Every event on every transport travels in this envelope (docs/decisions/0002-outbox-and-two-transports.md). */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z][a-z-]*\.[a-z][a-z-]*\.[a-z][a-z-]*$/),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  aggregateId: z.string().min(1),
  producer: z.string().min(1),
  correlationId: z.string().optional(),
  causationId: z.string().optional(),
  payload: z.unknown(),
});

export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & { payload: P };

export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  /** `<domain>.<entity>.<past-verb>`, e.g. `auth.dealer.created`. */
  type: T;
  version: number;
  payload: S;
}

export function defineEvent<T extends string, S extends z.ZodType>(type: T, version: number, payload: S) {
  return { type, version, payload } satisfies EventDefinition<T, S>;
}

/** Topic per domain entity: `auth.dealer.created` → `auth.dealer`; the aggregate id is the key. */
export function topicOf(type: string): string {
  return type.split('.').slice(0, 2).join('.');
}
