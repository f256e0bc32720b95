import { Duplex } from 'node:stream';

/** How a stream reaches its instance's agent (agent.ts, the tcp_* ops). */
export interface AgentStreamChannel {
  /** A request whose answer matters (tcp_write is answered once the bytes are in the app's socket). */
  request(body: Record<string, unknown>): Promise<unknown>;
  /** A request whose answer does not (acks, shutdown, close). */
  notify(body: Record<string, unknown>): void;
}

/** Bytes kept on the host per direction before the other side is held back. */
const HIGH_WATER_MARK = 64 * 1024;

/**
 * A TCP connection inside an instance, seen from the host as a Duplex. Incoming bytes are acknowledged to the
 * agent only once the reader has taken them (push below the high-water mark, or the next _read), so a slow
 * reader stops the agent reading the app's socket; a write completes when the agent has written it, so a
 * slow app holds back the writer.
 */
export class AgentTcpStream extends Duplex {
  /** Bytes taken in while the reader was full, acknowledged when it asks for more. */
  private owed = 0;
  /** The agent has dropped the connection: nothing is left to tell it. */
  private isGone = false;

  constructor(
    readonly streamId: number,
    private readonly channel: AgentStreamChannel,
    private readonly onClosed: () => void,
  ) {
    super({
      allowHalfOpen: true,
      readableHighWaterMark: HIGH_WATER_MARK,
      writableHighWaterMark: HIGH_WATER_MARK,
    });
  }

  /** `tcp_data`: bytes the app sent. */
  receive(data: Buffer): void {
    if (this.destroyed || this.readableEnded) return;
    if (this.push(data)) this.acknowledge(data.length);
    else this.owed += data.length;
  }

  /** `tcp_eof`: the app closed its side. */
  receiveEnd(): void {
    if (!this.destroyed) this.push(null);
  }

  /** `tcp_closed`: the connection is gone (both sides done, or an error); what was received can still be read. */
  receiveClosed(): void {
    this.isGone = true;
    if (this.destroyed) return;
    this.push(null);
    if (!this.writableEnded) this.end();
  }

  override _read(): void {
    if (this.owed === 0) return;
    const owed = this.owed;
    this.owed = 0;
    this.acknowledge(owed);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.isGone) {
      done(new Error('the connection is closed'));
      return;
    }
    this.channel
      .request({ op: 'tcp_write', stream: this.streamId, data: chunk.toString('base64') })
      .then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    if (!this.isGone) this.channel.notify({ op: 'tcp_shutdown', stream: this.streamId });
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (!this.isGone) this.channel.notify({ op: 'tcp_close', stream: this.streamId });
    this.isGone = true;
    this.onClosed();
    done(error);
  }

  private acknowledge(bytes: number): void {
    if (!this.isGone) this.channel.notify({ op: 'tcp_ack', stream: this.streamId, bytes });
  }
}
