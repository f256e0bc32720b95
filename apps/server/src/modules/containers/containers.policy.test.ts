import { describe, expect, it } from 'vitest';
import {
  appUpgradeRequest,
  forwardedRequestHeaders,
  isAllowedAppSocketOrigin,
  isAllowedOrigin,
  isProxyPort,
  parseAppUpgradeAnswer,
  passedResponseHeaders,
} from './containers.policy.js';

describe('app proxy rules', () => {
  it('opens the learner ports only', () => {
    for (const port of [3000, 5000, 8000, 8080, 8799, 9300, 65535]) expect(isProxyPort(port)).toBe(true);
    for (const port of [0, 22, 80, 443, 2999, 8800, 9000, 9299, 65536, 8000.5, Number.NaN]) {
      expect(isProxyPort(port)).toBe(false);
    }
  });

  it('forwards no credentials or hop-by-hop headers, and names the app as the host', () => {
    const headers = forwardedRequestHeaders(
      {
        host: 'coderoom.dev',
        cookie: 'cr_session=secret',
        authorization: 'Bearer x',
        'x-csrf-token': 'token',
        connection: 'keep-alive, x-private',
        'x-private': 'hop',
        'x-forwarded-for': '1.2.3.4',
        accept: 'text/html',
        'accept-language': ['en', 'de'],
      },
      8000,
      '/api/instances/i/app/8000',
    );
    expect(headers).toEqual([
      ['Host', '127.0.0.1:8000'],
      ['Accept-Encoding', 'identity'],
      ['X-Forwarded-Prefix', '/api/instances/i/app/8000'],
      ['accept', 'text/html'],
      ['accept-language', 'en'],
      ['accept-language', 'de'],
    ]);
  });

  it('passes only safe answer headers and keeps redirects inside the proxy', () => {
    const prefix = '/api/instances/i/app/8000';
    expect(
      passedResponseHeaders(
        [
          ['Content-Type', 'text/html'],
          ['Set-Cookie', 'a=1'],
          ['Content-Security-Policy', 'default-src *'],
          ['Clear-Site-Data', '"*"'],
          ['Location', 'http://127.0.0.1:8000/next?x=1'],
        ],
        8000,
        prefix,
      ),
    ).toEqual([
      ['content-type', 'text/html'],
      ['location', `${prefix}/next?x=1`],
    ]);
    const location = (value: string) => passedResponseHeaders([['Location', value]], 8000, prefix)[0]?.[1];
    expect(location('/done')).toBe(`${prefix}/done`);
    expect(location('done')).toBe('done');
    expect(location('//evil.example/')).toBe('//evil.example/');
    expect(location('http://localhost:8000')).toBe(`${prefix}/`);
  });

  it('accepts terminal sockets from our own pages only', () => {
    const publicUrl = 'https://coderoom.dev';
    expect(isAllowedOrigin('https://coderoom.dev', publicUrl, 'internal:3000')).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3291', publicUrl, '127.0.0.1:3291')).toBe(true);
    expect(isAllowedOrigin('https://evil.example', publicUrl, 'coderoom.dev')).toBe(false);
    expect(isAllowedOrigin(undefined, publicUrl, 'coderoom.dev')).toBe(false);
    expect(isAllowedOrigin('null', publicUrl, 'coderoom.dev')).toBe(false);
  });

  it('accepts app sockets from our pages and from the learner’s sandboxed page only', () => {
    const publicUrl = 'https://coderoom.dev';
    expect(isAllowedAppSocketOrigin('null', publicUrl, 'coderoom.dev')).toBe(true);
    expect(isAllowedAppSocketOrigin('https://coderoom.dev', publicUrl, 'coderoom.dev')).toBe(true);
    expect(isAllowedAppSocketOrigin('https://evil.example', publicUrl, 'coderoom.dev')).toBe(false);
    expect(isAllowedAppSocketOrigin(undefined, publicUrl, 'coderoom.dev')).toBe(false);
  });

  it('sends the app the browser’s handshake without our credentials, and passes back only its WebSocket headers', () => {
    const prefix = '/api/instances/i1/app/8000';
    const request = appUpgradeRequest(
      '/live?room=1',
      {
        host: 'coderoom.dev',
        cookie: 'cr_session=secret',
        upgrade: 'websocket',
        connection: 'Upgrade',
        origin: 'null',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
        'sec-websocket-protocol': 'chat',
      },
      8000,
      prefix,
    );
    expect(request?.startsWith('GET /live?room=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n')).toBe(true);
    expect(request).toContain('\r\nUpgrade: websocket\r\n');
    expect(request).toContain('\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n');
    expect(request).toContain('\r\nsec-websocket-protocol: chat\r\n');
    expect(request).toContain(`\r\nX-Forwarded-Prefix: ${prefix}\r\n`);
    expect(request).not.toContain('secret');
    expect(request?.endsWith('\r\n\r\n')).toBe(true);
    expect(appUpgradeRequest('/a b', {}, 8000, prefix)).toBeNull();
    expect(appUpgradeRequest('/', { 'sec-websocket-protocol': 'a\r\nX-Evil: 1' }, 8000, prefix)).toBeNull();

    expect(
      parseAppUpgradeAnswer(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nSet-Cookie: sid=1',
      ),
    ).toEqual({
      status: 101,
      headers: [
        ['upgrade', 'websocket'],
        ['connection', 'Upgrade'],
        ['sec-websocket-accept', 's3pPLMBiTxaQ9kYGzzhZRbK+xOo='],
      ],
    });
    expect(parseAppUpgradeAnswer('HTTP/1.1 404 Not Found')).toEqual({ status: 404, headers: [] });
    expect(parseAppUpgradeAnswer('SSH-2.0-OpenSSH')).toBeNull();
  });
});
