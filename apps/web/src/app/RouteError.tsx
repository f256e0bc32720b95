import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../ui/ErrorPage';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage code={error.status} />;
  return <ErrorPage code={500} />;
}
