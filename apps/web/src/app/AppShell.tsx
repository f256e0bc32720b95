import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { HeaderSearch } from '../modules/ai/components/HeaderSearch';
import { setUnauthorizedHandler } from '../modules/api/unauthorized';
import { SiteCouponBanner } from '../modules/commerce/components/SiteCouponBanner';
import { GrowthTracker } from '../modules/growth/components/GrowthTracker';
import { NotificationBell } from '../modules/notifications/components/NotificationBell';
import { managesOrganization } from '../modules/organizations/managesOrganization';
import { IdleSessionWatcher } from '../modules/session/components/IdleSessionWatcher';
import { UserMenu } from '../modules/session/components/UserMenu';
import { USER_INFO_KEY } from '../modules/session/hooks/userInfoQuery';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { onLogoutSignal } from '../modules/session/logoutBroadcast';
import { BannerArea } from '../modules/shell/BannerArea';
import { MainNav } from '../modules/shell/MainNav';
import { useFocusMainOnNavigate } from '../modules/shell/useFocusMainOnNavigate';
import { SiteFooter } from '../modules/site/components/SiteFooter';
import { showsSiteFooter } from '../modules/site/showsSiteFooter';
import { ThemeMenu } from '../modules/theme/ThemeMenu';
import { LoadingBar } from '../ui/LoadingBar';

/** Header, banners, loading bar and the session rules around every page. */
export function AppShell() {
  const { data: user } = useUserInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useFocusMainOnNavigate();

  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.setQueryData(USER_INFO_KEY, null);
      const returnUrl = encodeURIComponent(window.location.pathname + window.location.search);
      navigate(`/login?returnUrl=${returnUrl}`);
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, queryClient]);

  // Another tab logged out: forget the user here too and go to the login page.
  useEffect(
    () =>
      onLogoutSignal(() => {
        queryClient.setQueryData(USER_INFO_KEY, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_INFO_KEY[0] });
        navigate('/login');
      }),
    [navigate, queryClient],
  );

  const onAuthPage = location.pathname === '/login' || location.pathname === '/signup';
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LoadingBar />
      <header className="topbar">
        <Link to={user ? '/learn/home' : '/'} className="brand" aria-label="Coderoom home">
          <span className="brand-mark" aria-hidden="true">
            {'</>'}
          </span>
          <span className="brand-name">Coderoom</span>
        </Link>
        <MainNav>
          {user && <NavLink to="/learn/home">Home</NavLink>}
          <NavLink to="/explore">Explore</NavLink>
          {user && <NavLink to="/learn/in-progress">My learning</NavLink>}
          {user && <NavLink to="/notes">Notes</NavLink>}
          {/* Admins, managers and team managers of the active organization (docs/organizations.md). */}
          {user && managesOrganization(user) && <NavLink to="/enterprise-dashboard">Organization</NavLink>}
          {user && <NavLink to="/playground">Playground</NavLink>}
          {user && <NavLink to="/work">Work</NavLink>}
          {/* Authors only: a learner asks to teach in Settings or on /teach (docs/account.md). */}
          {user?.is_author && <NavLink to="/teach">Teach</NavLink>}
        </MainNav>
        <div className="topbar-actions">
          <HeaderSearch signedIn={Boolean(user)} />
          {user && <NotificationBell />}
          <ThemeMenu />
          {user ? (
            <UserMenu user={user} />
          ) : (
            !onAuthPage && (
              <>
                <Link className="btn btn-ghost" to="/login">
                  Log in
                </Link>
                <Link className="btn btn-primary" to="/signup">
                  Sign up
                </Link>
              </>
            )
          )}
        </div>
      </header>
      <BannerArea />
      <SiteCouponBanner subscribed={Boolean(user?.is_user_subscribed)} />
      <Outlet />
      {showsSiteFooter(location.pathname) && <SiteFooter />}
      {user && <IdleSessionWatcher />}
      <GrowthTracker userId={user?.user_id ?? null} />
    </div>
  );
}
