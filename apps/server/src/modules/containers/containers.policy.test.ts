import { describe, expect, it } from 'vitest';
import {
  forwardedRequestHeaders,
  isAllowedOrigin,
  isProxyPort,
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
});
