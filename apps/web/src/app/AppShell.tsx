import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../modules/api/unauthorized';
import { IdleSessionWatcher } from '../modules/session/components/IdleSessionWatcher';
import { UserMenu } from '../modules/session/components/UserMenu';
import { USER_INFO_KEY } from '../modules/session/hooks/userInfoQuery';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { onLogoutSignal } from '../modules/session/logoutBroadcast';
import { BannerArea } from '../modules/shell/BannerArea';
import { MainNav } from '../modules/shell/MainNav';
import { useFocusMainOnNavigate } from '../modules/shell/useFocusMainOnNavigate';
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
          {user && <NavLink to="/playground">Playground</NavLink>}
          {user && <NavLink to="/teach">Teach</NavLink>}
        </MainNav>
        <div className="topbar-actions">
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
      <Outlet />
      {user && <IdleSessionWatcher />}
    </div>
  );
}
