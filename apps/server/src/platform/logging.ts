import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { LogFormat } from './config.js';

/** A writable that takes pino's JSON lines. */
export interface LogSink {
  write(chunk: string): unknown;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
// Fields every pino line carries that a person at a terminal does not need.
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'v', 'err']);

/** One pino JSON line as a short human line: `22:51:07 INFO  message key=value`, an error's stack below it. */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '';
  const level = (LEVEL_NAMES[Number(entry.level)] ?? 'LOG').padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key, value]) => !HIDDEN_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let text = [time, level, String(entry.msg ?? ''), ...fields].filter(Boolean).join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n${err.stack ?? err.message ?? JSON.stringify(err)}`;
  return `${text}\n`;
}

export function prettyLogSink(out: LogSink): LogSink {
  return { write: (chunk: string) => out.write(formatLogLine(chunk.trimEnd())) };
}

/** Pretty format: no "incoming request" line, and one line per answer: method, path, status, ms. */
class BriefRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * Fastify's logger options for a format. In a terminal each request is one short line so that the start
 * banner stays readable; log collectors get pino's JSON with Fastify's own request logs.
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
  out: LogSink = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (format === 'json') return { logger: { level } };
  return { logger: { level, stream: prettyLogSink(out) }, logController: new BriefRequestLog() };
}
