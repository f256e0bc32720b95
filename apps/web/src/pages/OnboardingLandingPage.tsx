import { HomeRoutes, organizationLanding } from '@coderoom/domain';
import { Navigate, useLocation } from 'react-router';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';

function Landing() {
  const { data: user } = useUserInfo();
  const location = useLocation();
  if (!user) return null;
  const to = organizationLanding(user.enterprise.organizations) ?? HomeRoutes.LearnerHome;
  return <Navigate to={`${to}${location.search}`} replace />;
}

/**
 * /onboarding: the organization user's onboarding landing, by role in the spec's order (001 §2): admin,
 * manager, mentor dashboard, mentee assigned plans; anyone else learns from /learn/home.
 */
export function OnboardingLandingPage() {
  return (
    <RequireUser>
      <Landing />
    </RequireUser>
  );
}
