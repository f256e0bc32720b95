import { aliasRedirect, resolveRouteAlias } from '@coderoom/domain';
import { matchRoutes, Navigate, useLocation } from 'react-router';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { ErrorPage } from '../ui/ErrorPage';
import { routes } from './routes';

/** A route of the app itself, not the catch-all this page is rendered for. */
function routeExists(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return matches !== null && matches.at(-1)?.route.path !== '*';
}

/**
 * Old route shapes: enterprise users with the new navigation are redirected to the new equivalent, query
 * kept, when the app has it (spec 000 §2, 002 §2.3); anyone else, and anything else, gets the 404 page.
 */
export function AliasOrNotFound() {
  const location = useLocation();
  const user = useUserInfo();
  if (user.isLoading && resolveRouteAlias(location.pathname) !== null) {
    return <div className="app" aria-busy="true" />;
  }
  const target = aliasRedirect(location.pathname, user.data, routeExists);
  if (target) return <Navigate to={`${target}${location.search}${location.hash}`} replace />;
  return <ErrorPage code={404} />;
}
