import type { Duplex } from 'node:stream';
import { DesktopCloseCode, DesktopMessages } from '@coderoom/domain';
import type { WebSocket } from '@fastify/websocket';

// The VNC relay of a desktop instance (docs/widgets.md "VNC"): the browser's WebSocket carries the VNC
// protocol (RFB) as binary messages; the VNC server inside the instance is reached over a TCP stream of the
// agent. Nothing is parsed: bytes go through as they are, in order.

/** Messages sent to the browser and not yet written out before the stream is paused. */
const MAX_PENDING_SENDS = 16;

/**
 * Relays the socket and the stream (once it opens) until either ends. Both ways are held back instead of
 * buffered: a browser that does not read pauses the stream (and, through the agent's window, the VNC
 * server), a VNC server that does not read pauses the socket. A stream that cannot open closes the socket
 * with 4001 and the reason; the stream's end closes it with 4000.
 */
export function relayDesktop(socket: WebSocket, opening: Promise<Duplex>): void {
  let stream: Duplex | null = null;
  let closed = false;
  const early: Buffer[] = [];
  const close = (code: number, reason: string) => {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(code, reason);
  };
  const toStream = (data: Buffer) => {
    if (!stream || stream.destroyed) return;
    if (!stream.write(data)) {
      socket.pause();
      stream.once('drain', () => socket.resume());
    }
  };
  socket.on('message', (raw: Buffer | ArrayBuffer | Buffer[]) => {
    const data = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
    if (stream) toStream(data);
    else if (early.length < 64) early.push(data);
  });
  socket.on('close', () => {
    closed = true;
    stream?.destroy();
  });
  opening.then(
    (opened) => {
      if (closed) {
        opened.destroy();
        return;
      }
      stream = opened;
      let pending = 0;
      opened.on('data', (chunk: Buffer) => {
        if (socket.readyState !== socket.OPEN) return;
        pending += 1;
        if (pending >= MAX_PENDING_SENDS) opened.pause();
        socket.send(chunk, { binary: true }, () => {
          pending -= 1;
          if (pending < MAX_PENDING_SENDS && opened.isPaused() && !opened.destroyed) opened.resume();
        });
      });
      opened.on('error', () => opened.destroy());
      opened.on('close', () => close(DesktopCloseCode.Ended, 'The desktop closed the connection.'));
      opened.on('end', () => opened.destroy());
      for (const data of early.splice(0)) toStream(data);
    },
    () => close(DesktopCloseCode.NotRunning, DesktopMessages.NotRunning),
  );
}
