import { createHash, randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BwrapInstanceDriver } from './bwrapDriver.js';
import type { InstanceHandle } from './types.js';

// TCP streams into a real instance (the app proxy's WebSockets, docs/containers.md).
const uidBase = 65400; // a range of its own: the leftover-process sweep kills by uid
const PORT = 8765;
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/**
 * A WebSocket echo server with the standard library only. Each connection's end is logged to
 * /box/tmp/closed; a text message "bye" is answered with a close frame (code 4000) and the connection closed.
 */
const ECHO_SERVER = String.raw`
import base64, hashlib, socket, struct, threading

def exact(conn, n):
    data = b''
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data

def frame(opcode, payload):
    n = len(payload)
    if n < 126:
        head = struct.pack('>BB', 0x80 | opcode, n)
    elif n < 65536:
        head = struct.pack('>BBH', 0x80 | opcode, 126, n)
    else:
        head = struct.pack('>BBQ', 0x80 | opcode, 127, n)
    return head + payload

def serve(conn):
    try:
        head = b''
        while b'\r\n\r\n' not in head:
            chunk = conn.recv(4096)
            if not chunk:
                raise EOFError
            head += chunk
        key = [line.split(b':', 1)[1].strip() for line in head.split(b'\r\n')
               if line.lower().startswith(b'sec-websocket-key:')][0]
        accept = base64.b64encode(hashlib.sha1(key + b'${WS_GUID}').digest())
        conn.sendall(b'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
                     b'Sec-WebSocket-Accept: ' + accept + b'\r\n\r\n')
        while True:
            first, second = exact(conn, 2)
            n = second & 127
            if n == 126:
                n = struct.unpack('>H', exact(conn, 2))[0]
            elif n == 127:
                n = struct.unpack('>Q', exact(conn, 8))[0]
            mask = exact(conn, 4) if second & 128 else b'\0\0\0\0'
            data = exact(conn, n)
            key = (mask * (n // 4 + 1))[:n]
            payload = (int.from_bytes(data, 'big') ^ int.from_bytes(key, 'big')).to_bytes(n, 'big') if n else b''
            if first & 15 == 8 or payload == b'bye':
                conn.sendall(frame(8, struct.pack('>H', 4000)))
                break
            conn.sendall(frame(first & 15, payload))
    except (EOFError, OSError):
        pass
    finally:
        conn.close()
        with open('/box/tmp/closed', 'a') as log:
            log.write('closed\n')

server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(('127.0.0.1', ${PORT}))
server.listen(8)
while True:
    conn, _ = server.accept()
    threading.Thread(target=serve, args=(conn,), daemon=True).start()
`;

/** Reads what a stream receives: the handshake answer, then WebSocket frames (the server's are unmasked). */
function reader(stream: Duplex) {
  let buffer = Buffer.alloc(0);
  let ended = false;
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  stream.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  stream.on('end', () => {
    ended = true;
    wake();
  });
  const until = async <T>(take: () => T | null, what: string): Promise<T> => {
    for (;;) {
      const taken = take();
      if (taken !== null) return taken;
      if (ended) throw new Error(`the stream ended while waiting for ${what}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    get ended() {
      return ended;
    },
    head: () =>
      until(() => {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return null;
        const head = buffer.subarray(0, end).toString('latin1');
        buffer = buffer.subarray(end + 4);
        return head;
      }, 'the handshake answer'),
    frame: () =>
      until(() => {
        if (buffer.length < 2) return null;
        let length = buffer.readUInt8(1) & 127;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return null;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) return null;
          length = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffer.length < offset + length) return null;
        const frame = { opcode: buffer.readUInt8(0) & 15, payload: buffer.subarray(offset, offset + length) };
        buffer = buffer.subarray(offset + length);
        return frame;
      }, 'a frame'),
    closed: () =>
      new Promise<void>((resolve) => (stream.destroyed ? resolve() : stream.once('close', resolve))),
  };
}

/** A client frame: final, masked (RFC 6455 §5.3). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
      : payload.length < 65536
        ? Buffer.from([0x80 | opcode, 0x80 | 126, payload.length >> 8, payload.length & 255])
        : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), bigLength(payload.length)]);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ mask.readUInt8(index % 4)));
  return Buffer.concat([length, mask, masked]);
}

function bigLength(length: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(length));
  return bytes;
}

async function handshake(stream: Duplex) {
  const key = randomBytes(16).toString('base64');
  const read = reader(stream);
  stream.write(
    `GET /live HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const head = await read.head();
  const accept = createHash('sha1').update(`${key}${WS_GUID}`).digest('base64');
  expect(head).toMatch(/^HTTP\/1\.1 101 /);
  expect(head).toContain(`Sec-WebSocket-Accept: ${accept}`);
  return read;
}

describe('TCP streams into an instance', () => {
  let offsetMs = 0;
  const driver = new BwrapInstanceDriver({
    uidBase,
    maxInstances: 2,
    reclaimIntervalMs: 0,
    idleTimeoutMs: 60_000,
    now: () => Date.now() + offsetMs,
    defaultLimits: { memoryMb: 128, processes: 32, execTimeoutMs: 10_000 },
  });
  let instance: InstanceHandle;

  const closedCount = async () =>
    (await driver.exec(instance, 'cat /box/tmp/closed 2>/dev/null | wc -l')).stdout.trim();

  const open = async () => {
    const opened = await driver.openTcpStream(instance, { port: PORT });
    if (opened.kind !== 'open') throw new Error(`not open: ${opened.kind}`);
    return opened.stream;
  };

  beforeAll(async () => {
    instance = await driver.allocate({
      profile: 'coderoom/python/3',
      files: [{ path: 'echo.py', content: ECHO_SERVER }],
    });
    await driver.exec(instance, 'python3 echo.py > /box/tmp/echo.log 2>&1 &');
    for (let attempt = 0; attempt < 100 && !(await driver.ports(instance)).includes(PORT); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await driver.ports(instance)).toContain(PORT);
  });
  afterAll(() => driver.close());

  it('carries a WebSocket handshake and frames both ways, a large message included', async () => {
    const stream = await open();
    const read = await handshake(stream);
    stream.write(clientFrame(1, Buffer.from('hello from the host')));
    expect(await read.frame()).toEqual({ opcode: 1, payload: Buffer.from('hello from the host') });
    // Four times the agent's window: only passes if acknowledgements keep the app's socket being read.
    const large = randomBytes(1024 * 1024);
    stream.write(clientFrame(2, large));
    const echoed = await read.frame();
    expect(echoed.opcode).toBe(2);
    expect(echoed.payload.equals(large)).toBe(true);
    stream.destroy();
    await read.closed();
  });

  it('ends the stream when the app closes, and closes the app’s connection when the host drops it', async () => {
    const before = Number(await closedCount());
    const byApp = await open();
    const readByApp = await handshake(byApp);
    byApp.write(clientFrame(1, Buffer.from('bye')));
    expect(await readByApp.frame()).toEqual({ opcode: 8, payload: Buffer.from([0x0f, 0xa0]) });
    await readByApp.closed();
    expect(readByApp.ended).toBe(true);

    const byHost = await open();
    await handshake(byHost);
    byHost.destroy();
    for (let attempt = 0; attempt < 100 && Number(await closedCount()) < before + 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Number(await closedCount())).toBe(before + 2);
  });

  it('answers refused when nothing listens on the port', async () => {
    expect(await driver.openTcpStream(instance, { port: PORT + 1 })).toEqual({ kind: 'refused' });
  });

  it('does not keep an idle instance alive: traffic is not activity, and reclaiming closes the stream', async () => {
    const stream = await open();
    const read = await handshake(stream);
    const openedAt = driver.status(instance).lastActivityAt;
    offsetMs += 1000;
    stream.write(clientFrame(1, Buffer.from('still here')));
    expect((await read.frame()).payload.toString()).toBe('still here');
    expect(driver.status(instance).lastActivityAt).toBe(openedAt);
    offsetMs += 60_000;
    expect(await driver.reclaimIdle()).toEqual([instance.id]);
    await read.closed();
    expect(driver.status(instance)).toMatchObject({ state: 'stopped', stopReason: 'idle' });
  });
});
