import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { formatLogLine, loggerOptions } from './logging.js';

describe('pretty log format', () => {
  it('turns a pino JSON line into one short human line', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 10, 25, 22, 51, 7),
      pid: 1,
      hostname: 'h',
      reqId: 'r',
      msg: 'demo content package skipped',
      reason: 'no lessons',
    });
    expect(formatLogLine(line)).toBe('22:51:07 WARN  demo content package skipped reason=no lessons\n');
  });

  it('puts an error stack under its line', () => {
    const line = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'boom',
      err: { message: 'x', stack: 'Error: x\n    at f' },
    });
    expect(formatLogLine(line)).toBe('00:00:00 ERROR boom\nError: x\n    at f\n');
  });

  it('writes one line per request: method, path without the query, status and milliseconds', async () => {
    const written: string[] = [];
    const app = Fastify(loggerOptions('info', 'pretty', { write: (chunk) => written.push(chunk) }));
    app.get('/api/thing', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/thing?secret=1' });
    await app.close();
    const requestLines = written.filter((line) => line.includes('/api/thing'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/thing 200 \d+\.\d ms\n$/);
    expect(requestLines[0]).not.toContain('secret');
  });

  it('keeps JSON lines for log collectors', () => {
    const options = loggerOptions('info', 'json');
    expect(options.logger).toEqual({ level: 'info' });
    expect(options.logController).toBeUndefined();
  });
});
