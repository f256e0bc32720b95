import { Navigate, useLocation } from 'react-router';

/**
 * /onboarding/admin: where enterprise admins with the new navigation land after login (spec 001 §2). The
 * admin's onboarding is adding people, so it opens user management, query kept.
 */
export function OnboardingAdminPage() {
  const location = useLocation();
  return <Navigate to={`/enterprise-dashboard/user-management${location.search}`} replace />;
}
