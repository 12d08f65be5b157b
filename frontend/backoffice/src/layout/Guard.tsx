import { canAccess, USER_TYPE, type Resource, type Role } from '@esim/contracts';
import type { ReactNode } from 'react';
import { Loading, useGetIdentity, usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';

/** Whether the signed-in account is a dealer's (user_type 2): a retail customer has the same role, `user`. */
export function useIsDealer(): { isDealer: boolean; isPending: boolean } {
  const { identity, isPending } = useGetIdentity();
  return { isDealer: identity?.userType === USER_TYPE.dealer, isPending };
}

/**
 * A page the role may not see sends it to /dashboard, which sends a sales manager on to their dealers;
 * a dealers-only page (buying and returning Plus cards) does the same for anyone but a dealer.
 */
export function Guard({
  permission,
  dealersOnly = false,
  children,
}: {
  permission: Resource;
  dealersOnly?: boolean;
  children: ReactNode;
}) {
  const { permissions: role, isPending } = usePermissions<Role>();
  const dealer = useIsDealer();
  if (isPending || dealer.isPending) return <Loading />;
  if (!canAccess(role, permission, 'read') || (dealersOnly && !dealer.isDealer)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** react-admin's access-denied and not-found screens, replaced by the same redirect (an admin URL typed by anyone else, a stale link). */
export const AccessDenied = () => <Navigate to="/" replace />;
