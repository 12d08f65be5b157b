import { z } from 'zod';
import { defineEvent } from './envelope';

const userType = z.number().int().min(1).max(4);
const accountStatus = z.enum(['active', 'suspended']);

export const authUserRegistered = defineEvent(
  'auth.user.registered',
  1,
  z.object({ userId: z.string(), email: z.string(), fullName: z.string(), userType, status: accountStatus }),
);

const dealer = z.object({
  dealerId: z.string(),
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  phone: z.string().nullable(),
  status: accountStatus,
  salesManagerId: z.string().nullable(),
});

export const authDealerCreated = defineEvent('auth.dealer.created', 1, dealer);
export const authDealerUpdated = defineEvent('auth.dealer.updated', 1, dealer);
export const authDealerStatusChanged = defineEvent(
  'auth.dealer.status-changed',
  1,
  z.object({ dealerId: z.string(), userId: z.string(), status: accountStatus, previousStatus: accountStatus }),
);
export const authDealerDeleted = defineEvent(
  'auth.dealer.deleted',
  1,
  z.object({ dealerId: z.string(), userId: z.string() }),
);

const salesManager = z.object({
  salesManagerId: z.string(),
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  status: accountStatus,
});

export const authSalesManagerCreated = defineEvent('auth.sales-manager.created', 1, salesManager);
/** Name, e-mail or status changed: other services' copies of the person follow. */
export const authSalesManagerUpdated = defineEvent('auth.sales-manager.updated', 1, salesManager);

export const authEvents = [
  authUserRegistered,
  authDealerCreated,
  authDealerUpdated,
  authDealerStatusChanged,
  authDealerDeleted,
  authSalesManagerCreated,
  authSalesManagerUpdated,
] as const;
