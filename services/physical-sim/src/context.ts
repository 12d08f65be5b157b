import type { Queue } from 'bullmq';
import type { BalanceClient } from './clients/balance';
import type { CatalogClient } from './clients/catalog';
import type { PhysicalSimConfig } from './config';
import type { ImportJobData } from './imports/queue';

/** What the routes need besides the app: settings, the other services' clients and the import queue. */
export interface PhysicalSimContext {
  config: PhysicalSimConfig;
  catalog: CatalogClient;
  balance: BalanceClient;
  queue: Queue<ImportJobData>;
}
