import { canAccess, type Resource, type Role } from '@esim/contracts';
import type { ReactNode } from 'react';
import { Loading, usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';

/** A page the role may not see sends it to /dashboard, which sends a sales manager on to their dealers. */
export function Guard({ permission, children }: { permission: Resource; children: ReactNode }) {
  const { permissions: role, isPending } = usePermissions<Role>();
  if (isPending) return <Loading />;
  if (!canAccess(role, permission, 'read')) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** react-admin's access-denied and not-found screens, replaced by the same redirect (an admin URL typed by anyone else, a stale link). */
export const AccessDenied = () => <Navigate to="/" replace />;
