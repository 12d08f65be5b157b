import { roleOf, type Role } from '@esim/contracts';
import type { Session } from '@esim/frontend-shared/session';

export const roleOfSession = (session: Session | null): Role | null => (session ? roleOf(session.user) : null);

/** user_type 4: the sales manager's home is their dealer list and no balance is ever fetched. */
export const isSalesManager = (session: Session | null) => roleOfSession(session) === 'sales-manager';
