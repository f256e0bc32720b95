// Rules of reaching into a live instance from the browser (docs/containers.md, "Terminal and app proxy").

/**
 * Ports the app proxy relays to. Below 3000 are system and well-known services, 8800–9299 is kept for the
 * platform's own agents; the learner's app is expected on 3000–8799 (8000, 8080, 5000, 3000, …) or high ports.
 */
export function isProxyPort(port: number): boolean {
  return Number.isInteger(port) && ((port >= 3000 && port <= 8799) || (port >= 9300 && port <= 65535));
}

/**
 * Pages allowed to open a terminal socket (WebSockets are not bound by CORS, and browsers send our cookie
 * with a cross-site handshake): the configured public origin, or the host the request was made to. A
 * rebound DNS name passes the second rule but carries no cookie of ours, so it is still refused as 401.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  publicUrl: string,
  host: string | undefined,
): boolean {
  if (!origin) return false;
  try {
    const parsed = new URL(origin);
    return parsed.origin === new URL(publicUrl).origin || (host !== undefined && parsed.host === host);
  } catch {
    return false;
  }
}

/**
 * Pages allowed to open a WebSocket to the learner's app: ours (as for the terminal), or the learner's own
 * page, which the proxy's CSP sandbox gives the opaque origin `null`. Such a request carries no session
 * cookie (SameSite), so it is let through only on the instance-id capability, like the page's other requests;
 * a page of another site, which could read what the socket answers, is refused.
 */
export function isAllowedAppSocketOrigin(
  origin: string | undefined,
  publicUrl: string,
  host: string | undefined,
): boolean {
  return origin === 'null' || isAllowedOrigin(origin, publicUrl, host);
}

/** The browser's handshake headers the app needs to answer a WebSocket upgrade (RFC 6455 §4.1). */
const WEBSOCKET_REQUEST_HEADERS = [
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
];

/** The app's handshake answer headers passed to the browser; Set-Cookie and the rest are dropped. */
const WEBSOCKET_ANSWER_HEADERS = new Set([
  'upgrade',
  'connection',
  'sec-websocket-accept',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
]);

/**
 * The upgrade request sent to the app: the HTTP proxy's headers (no credentials of ours), the browser's
 * WebSocket key, version, protocols and extensions, and the upgrade itself. Null for a request line or a
 * header that could split the request.
 */
export function appUpgradeRequest(
  path: string,
  headers: Record<string, string | string[] | undefined>,
  port: number,
  prefix: string,
): string | null {
  if (!path.startsWith('/') || /[\s\0]/.test(path)) return null;
  const lines: Array<[string, string]> = [
    ...forwardedRequestHeaders(headers, port, prefix),
    ['Connection', 'Upgrade'],
    ['Upgrade', 'websocket'],
  ];
  for (const name of WEBSOCKET_REQUEST_HEADERS) {
    const value = headers[name];
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      lines.push([name, one]);
  }
  if (lines.some(([name, value]) => /[\r\n\0]/.test(name + value))) return null;
  return `GET ${path} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
}

/** The app's answer to the upgrade: its status and the headers that may reach the browser. */
export interface AppUpgradeAnswer {
  status: number;
  headers: Array<[string, string]>;
}

export function parseAppUpgradeAnswer(head: string): AppUpgradeAnswer | null {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine);
  if (!match) return null;
  const headers: Array<[string, string]> = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (WEBSOCKET_ANSWER_HEADERS.has(name)) headers.push([name, line.slice(colon + 1).trim()]);
  }
  return { status: Number(match[1]), headers };
}

/** Headers of the learner's answer passed to the browser; everything else (Set-Cookie, CSP, HSTS, …) is dropped. */
const PASSED_RESPONSE_HEADERS = new Set([
  'content-type',
  'content-language',
  'content-encoding',
  'cache-control',
  'etag',
  'expires',
  'last-modified',
  'location',
  'vary',
]);

/** Request headers never forwarded: hop-by-hop ones and our own credentials. */
const DROPPED_REQUEST_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'accept-encoding',
  'cookie',
  'authorization',
  'x-csrf-token',
]);

export function forwardedRequestHeaders(
  headers: Record<string, string | string[] | undefined>,
  port: number,
  prefix: string,
): Array<[string, string]> {
  const connectionListed = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const forwarded: Array<[string, string]> = [
    ['Host', `127.0.0.1:${port}`],
    ['Accept-Encoding', 'identity'],
    ['X-Forwarded-Prefix', prefix],
  ];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (DROPPED_REQUEST_HEADERS.has(lower) || connectionListed.has(lower) || lower.startsWith('x-forwarded-'))
      continue;
    if (lower.startsWith('sec-websocket')) continue;
    for (const one of Array.isArray(value) ? value : [value ?? '']) forwarded.push([name, one]);
  }
  return forwarded;
}

/** The learner's answer headers that reach the browser, redirects kept inside the proxy path. */
export function passedResponseHeaders(
  headers: Array<[string, string]>,
  port: number,
  prefix: string,
): Array<[string, string]> {
  const passed: Array<[string, string]> = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (!PASSED_RESPONSE_HEADERS.has(lower)) continue;
    passed.push([lower, lower === 'location' ? rewriteLocation(value, port, prefix) : value]);
  }
  return passed;
}

function rewriteLocation(location: string, port: number, prefix: string): string {
  for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
    if (location === origin || location.startsWith(`${origin}/`)) {
      return `${prefix}${location.slice(origin.length) || '/'}`;
    }
  }
  if (location.startsWith('/') && !location.startsWith('//')) return `${prefix}${location}`;
  return location;
}
