import { resolveRouteAlias } from '@coderoom/domain';
import { Navigate, useLocation } from 'react-router';
import { ErrorPage } from '../ui/ErrorPage';

/** Old route shapes redirect to their new equivalents with the query kept; anything else is a 404. */
export function AliasOrNotFound() {
  const location = useLocation();
  const target = resolveRouteAlias(location.pathname);
  if (target) return <Navigate to={`${target}${location.search}${location.hash}`} replace />;
  return <ErrorPage code={404} />;
}
