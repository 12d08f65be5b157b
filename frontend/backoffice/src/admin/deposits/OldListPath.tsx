import { Navigate, useLocation } from 'react-router-dom';

/** The deposits' list at its old address (/admin/top-ups), so bookmarks and links still open it, filters kept. */
export function OldDepositsPath() {
  const { search } = useLocation();
  return <Navigate to={`/admin/deposits${search}`} replace />;
}
