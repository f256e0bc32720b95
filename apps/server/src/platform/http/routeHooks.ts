import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';

/**
 * Puts an onSend hook on the routes `applies` picks, registered from now on, ahead of the hooks the routes
 * already carry (the compression plugin's, which must see the JSON text first). A hook only some routes
 * need costs the others nothing this way, where an app-wide hook runs (and allocates) on every request.
 */
export function addRouteOnSend(
  app: FastifyInstance,
  applies: (route: RouteOptions) => boolean,
  hook: onSendHookHandler,
): void {
  app.addHook('onRoute', (route) => {
    if (!applies(route)) return;
    const existing = route.onSend;
    route.onSend = existing === undefined ? [hook] : [hook, ...[existing].flat()];
  });
}
