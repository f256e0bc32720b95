/**
 * How apiRequest reaches the API: the browser's fetch, or, when a public page is rendered on the server
 * (entry-server.tsx), a call into the server's own routes.
 */
export const transport: { fetch: (path: string, init: RequestInit) => Promise<Response> } = {
  fetch: (path, init) => fetch(path, init),
};
