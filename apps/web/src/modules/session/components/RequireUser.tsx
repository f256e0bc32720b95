import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../../ui/PageLoading';
import { useUserInfo } from '../hooks/useUserInfo';

/** Pages for signed-in users: logged-out visitors go to /login and come back afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUserInfo();
  const location = useLocation();
  if (isPending) return <PageLoading label="Loading" />;
  if (!user) {
    const returnUrl = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?returnUrl=${returnUrl}`} replace />;
  }
  return children;
}
