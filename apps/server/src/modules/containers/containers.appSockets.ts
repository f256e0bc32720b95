import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type AppUpgradeAnswer, parseAppUpgradeAnswer } from './containers.policy.js';

// WebSockets of the learner's app through the app proxy (docs/containers.md): the handshake goes to the app
// over a TCP stream inside the instance, then the bytes are relayed both ways as they are.

/** Largest handshake answer taken from the app. */
const ANSWER_HEAD_MAX_BYTES = 16 * 1024;
/** After one side closed, how long the browser's socket may take to flush before it is dropped. */
const CLOSE_LINGER_MS = 5000;

export interface AppHandshake {
  answer: AppUpgradeAnswer;
  /** Bytes the app sent after its answer (its first frames), for the browser. */
  rest: Buffer;
}

/**
 * Sends the upgrade request and reads the app's answer head; null when the app closes, sends something
 * that is not an HTTP answer, or does not answer within `timeoutMs`. The stream is left paused.
 */
export function handshakeWithApp(
  stream: Duplex,
  request: string,
  timeoutMs: number,
): Promise<AppHandshake | null> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const finish = (result: AppHandshake | null) => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('close', onEnd);
      stream.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) {
        if (received.length > ANSWER_HEAD_MAX_BYTES) finish(null);
        return;
      }
      const answer = parseAppUpgradeAnswer(received.subarray(0, end).toString('latin1'));
      finish(answer ? { answer, rest: received.subarray(end + 4) } : null);
    };
    const onEnd = () => finish(null);
    const timer = setTimeout(onEnd, timeoutMs);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('close', onEnd);
    stream.on('error', () => undefined);
    stream.write(request);
  });
}

/** The 101 answer the browser gets: the app's, with only the WebSocket headers. */
export function switchingProtocolsHead(answer: AppUpgradeAnswer): string {
  const lines = answer.headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 101 Switching Protocols\r\n${lines}\r\n`;
}

/**
 * Relays the browser's socket and the app's stream until either closes, then closes the other. Both ways
 * are pipes, so a side that does not read holds back the other (the stream's buffers are capped, and the
 * agent stops reading the app past its window) instead of filling memory.
 */
export function relaySockets(client: Socket, stream: Duplex, head: string, rest: Buffer): void {
  if (client.destroyed) {
    // The browser left during the handshake.
    stream.destroy();
    return;
  }
  client.setTimeout(0);
  client.setNoDelay(true);
  client.write(head);
  if (rest.length > 0) client.write(rest);
  let isClosing = false;
  const closeClient = () => {
    if (isClosing) return;
    isClosing = true;
    // What the app sent last (its close frame) is flushed first; a browser that never reads is dropped.
    if (!client.destroyed) client.end();
    setTimeout(() => client.destroy(), CLOSE_LINGER_MS).unref();
  };
  client.on('error', () => client.destroy());
  client.on('close', () => {
    isClosing = true;
    stream.destroy();
  });
  stream.on('error', () => stream.destroy());
  stream.on('close', closeClient);
  client.pipe(stream);
  stream.pipe(client);
}
