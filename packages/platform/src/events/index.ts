export * from './types';
export * from './publish';
export { createEventBus, attachEventBus, type CreateEventBusOptions } from './bus';
export { metricsToPrometheus, type EventBusMetrics } from './metrics';
export { eventBusEnvSchema, eventBusSettings, type DeepPartial, type EventBusSettings } from './settings';
export type { EventLogger } from './logger';
export { EVENT_LOG_CHANNEL } from './pg-log-transport';
export { parkedChannel } from './parked';
export {
  eventsStatus,
  pruneEvents,
  requeueParked,
  type EventsStatus,
  type ParkedSummary,
  type PruneResult,
} from './ops';
export { ensureKafkaTopics, planTopics, type TopicPlan } from './topics';
export { dealerCopy, keepDealerCopy, type DealerCopy } from './dealer-copy';
