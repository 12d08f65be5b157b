import { dealerCopy, keepDealerCopy, type EventBus } from '@esim/platform';

/** The local copy of auth's dealers in `dealers`: names on lists, checks before a transfer. */
const dealers = dealerCopy({ table: 'dealers', salesManager: false });

export function registerPhysicalSimHandlers(bus: EventBus): void {
  keepDealerCopy(bus, dealers);
}
